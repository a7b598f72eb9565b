package kubernetes

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

func job(t *testing.T, name string) *batchv1.Job {
	t.Helper()
	data, err := Manifests.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var j batchv1.Job
	if err := yaml.UnmarshalStrict(data, &j); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return &j
}

// readme is docs/scaling-out.md: the manifests must do what it says.
func readme(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../../docs/scaling-out.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestManifestsAgreeWithTheREADME decodes the manifests with the Kubernetes
// API types and checks that the shards' Job is Indexed, one pod per shard,
// its completions, parallelism and command those the README gives, and the
// merge reads every shard.
func TestManifestsAgreeWithTheREADME(t *testing.T) {
	data, _ := Manifests.ReadFile("volume.yaml")
	var pvc corev1.PersistentVolumeClaim
	if err := yaml.UnmarshalStrict(data, &pvc); err != nil || pvc.Name != "ablate-results" {
		t.Fatalf("volume.yaml: %v %q", err, pvc.Name)
	}
	shards := job(t, "shards.yaml")
	spec := shards.Spec
	if spec.CompletionMode == nil || *spec.CompletionMode != batchv1.IndexedCompletion {
		t.Fatal("shards.yaml: not an Indexed Job")
	}
	n := int(*spec.Completions)
	if spec.Parallelism == nil || int(*spec.Parallelism) != n {
		t.Errorf("parallelism %v, completions %d", spec.Parallelism, n)
	}
	c := spec.Template.Spec.Containers[0]
	command := "ablate " + strings.Join(c.Args, " ")
	if !strings.Contains(command, "--shard auto/"+strconv.Itoa(n)) {
		t.Errorf("the command %q does not shard %d ways", command, n)
	}
	if len(c.VolumeMounts) != 1 || spec.Template.Spec.Volumes[0].PersistentVolumeClaim.ClaimName != pvc.Name {
		t.Error("the shards do not write to the volume")
	}
	text := readme(t)
	m := regexp.MustCompile("completions: (\\d+), parallelism: (\\d+)\\), each\\s+`([^`]*)`").FindStringSubmatch(text)
	if m == nil {
		t.Fatal("the README's Kubernetes recipe does not give completions, parallelism and the command")
	}
	if m[1] != strconv.Itoa(n) || m[2] != strconv.Itoa(n) || strings.Join(strings.Fields(m[3]), " ") != command {
		t.Errorf("README: completions %s, parallelism %s, %q; manifest: %d, %d, %q", m[1], m[2], m[3], n, n, command)
	}
	merge := job(t, "merge.yaml")
	args := merge.Spec.Template.Spec.Containers[0].Args
	if args[0] != "merge" || len(args) != 2+n {
		t.Errorf("merge.yaml reads %d shards: %v", len(args)-2, args)
	}
}

// TestShardsAsTheKubeletRunsThem runs the manifest's command as n separate
// processes, each with JOB_COMPLETION_INDEX set as the kubelet sets it and
// $(JOB_COMPLETION_INDEX) expanded in the arguments, then the merge's: the
// merged files are an unsharded run's, time columns aside.
func TestShardsAsTheKubeletRunsThem(t *testing.T) {
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "ablate")
	if out, err := buildAblate(bin); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	volume := filepath.Join(tmp, "results")
	os.MkdirAll(volume, 0o755)
	plan := "name = \"k8s\"\npositions = \"six\"\ndepth = 6\n[[matrix]]\nleave_one_out = [\"lmr\", \"nmp\", \"lmp\"]\n"
	os.WriteFile(filepath.Join(volume, "plan.toml"), []byte(plan), 0o644)
	local := func(args []string, index int) []string {
		var out []string
		for _, a := range args {
			a = strings.ReplaceAll(a, "$(JOB_COMPLETION_INDEX)", strconv.Itoa(index))
			out = append(out, strings.ReplaceAll(a, "/results", volume))
		}
		return out
	}
	shards := job(t, "shards.yaml")
	args := shards.Spec.Template.Spec.Containers[0].Args
	n := int(*shards.Spec.Completions)
	for i := 0; i < n; i++ {
		cmd := exec.Command(bin, local(args, i)...)
		cmd.Env = append(os.Environ(), "JOB_COMPLETION_INDEX="+strconv.Itoa(i))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("pod %d: %v\n%s", i, err, out)
		}
	}
	// A retried pod whose shard is done has nothing to do.
	cmd := exec.Command(bin, local(args, 0)...)
	cmd.Env = append(os.Environ(), "JOB_COMPLETION_INDEX=0")
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "nothing to do") {
		t.Errorf("retried pod: %v %s", err, out)
	}
	whole := filepath.Join(tmp, "whole")
	if out, err := exec.Command(bin, "run", "--experiment", filepath.Join(volume, "plan.toml"), "--quiet", "--out", whole).CombinedOutput(); err != nil {
		t.Fatalf("unsharded: %v\n%s", err, out)
	}
	margs := local(job(t, "merge.yaml").Spec.Template.Spec.Containers[0].Args, 0)
	margs = append([]string{"merge", "--check-against", whole}, margs[1:]...)
	if out, err := exec.Command(bin, margs...).CombinedOutput(); err != nil {
		t.Fatalf("merge: %v\n%s", err, out)
	}
}

// buildAblate builds ablate from the repository root: this directory is a
// module of its own, so that the Kubernetes API types stay out of ablate's.
func buildAblate(bin string) ([]byte, error) {
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/ablate")
	cmd.Dir = "../.."
	return cmd.CombinedOutput()
}
