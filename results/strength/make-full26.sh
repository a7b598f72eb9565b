#!/bin/sh
# Issue 63's strength of stage 26 (stage 25 with lmr-checks) at 10+0.1:
# the matches of make-stage.sh for stage 26 (against Ethereal 12.00, Toga
# II 3.0 and stage 24; name one to play only it). Timed: play them alone
# on the machine. Run again to resume.
exec sh "$(dirname "$0")/make-stage.sh" 26 "$@"
