#!/usr/bin/env bash
# make slurm-test: bring up a single-node Slurm from Debian's packages,
# submit a 4-task array of 'ablate run --shard auto', wait, merge, and check
# the merged files against an unsharded run of the same plan. Run from the
# repository root, as root (it installs packages and starts daemons). It
# stops the daemons it started, whatever happens; if they cannot run here it
# says why and exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/../.."
die() { echo "slurm-test: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "needs root: it installs slurm-wlm and munge and starts their daemons"

need=()
command -v slurmctld >/dev/null || need+=(slurm-wlm)
command -v munged >/dev/null || need+=(munge)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null || die "could not install ${need[*]}"
fi

work=$(mktemp -d /tmp/ablate-slurm.XXXXXX)
started=()
cleanup() {
  if [ -n "${SLURM_CONF:-}" ]; then scontrol shutdown >/dev/null 2>&1 || true; fi
  for pid in "${started[@]}"; do kill "$pid" 2>/dev/null || true; done
  sleep 1
  rm -rf "$work"
}
trap cleanup EXIT

# munge: a key, its socket directory, the daemon as the munge user.
if ! munge -n >/dev/null 2>&1; then
  [ -f /etc/munge/munge.key ] || mungekey --create >/dev/null 2>&1 || die "no munge key and mungekey failed"
  mkdir -p /run/munge /var/log/munge /var/lib/munge
  chown -R munge:munge /run/munge /var/log/munge /var/lib/munge /etc/munge
  chmod 755 /run/munge
  su -s /bin/sh munge -c /usr/sbin/munged || die "munged did not start (see /var/log/munge/munged.log)"
  for _ in $(seq 50); do munge -n >/dev/null 2>&1 && break; sleep 0.1; done
  munge -n >/dev/null 2>&1 || die "munged started but does not answer"
fi

# slurmctld and slurmd on this host, with the configuration in the repo.
mkdir -p "$work/state" "$work/spool"
host=$(hostname -s)
sed -e "s|@HOST@|$host|g" -e "s|@DIR@|$work|g" -e "s|@CPUS@|$(nproc)|g" \
    -e "s|@CTLDPORT@|${SLURM_TEST_CTLD_PORT:-6817}|g" -e "s|@DPORT@|${SLURM_TEST_D_PORT:-6818}|g" \
    deploy/slurm/slurm.conf.in > "$work/slurm.conf"
export SLURM_CONF="$work/slurm.conf"
slurmctld -f "$SLURM_CONF" || die "slurmctld did not start: $(tail -5 "$work/slurmctld.log" 2>/dev/null)"
slurmd -f "$SLURM_CONF" || die "slurmd did not start: $(tail -5 "$work/slurmd.log" 2>/dev/null)"
for _ in $(seq 100); do
  state=$(sinfo -h -o %T 2>/dev/null | head -1)
  [ "$state" = idle ] && break
  sleep 0.2
done
[ "${state:-}" = idle ] || die "the node never became idle (state '${state:-none}'): $(tail -5 "$work/slurmd.log")"

# The plan: a leave-one-out on six at depth 7, a few seconds of searching.
go build -o "$work/ablate" ./cmd/ablate
plan=(--leave-one-out lmr,lmp,nmp,rfp --positions six --depth 7)
echo "slurm-test: unsharded run"
"$work/ablate" run "${plan[@]}" -j 2 --quiet --out "$work/whole" >/dev/null
echo "slurm-test: a 4-task array of ablate run --shard auto"
t0=$(date +%s)
ABLATE="$work/ablate" sbatch --wait --array=1-4 --chdir="$work" --output="$work/task-%a.log" \
  deploy/slurm/ablate-array.sbatch "$work/shards" "${plan[@]}" || {
    cat "$work"/task-*.log >&2 || true; die "the array job failed"; }
echo "slurm-test: the array took $(( $(date +%s) - t0 )) s"
grep -h "shard" "$work"/task-*.log || true
"$work/ablate" merge --check-against "$work/whole" "$work/merged" "$work"/shards/shard-* >/dev/null
echo "slurm-test: passed: 4 Slurm tasks merged into the unsharded run's records and summary"
