// Package kubernetes holds the manifests that spread an ablate run over a
// Kubernetes cluster (volume.yaml, shards.yaml, merge.yaml), embedded so
// that a test can decode them with the Kubernetes API types and run their
// commands.
package kubernetes

import "embed"

// Manifests are the YAML files of this directory.
//
//go:embed *.yaml
var Manifests embed.FS
