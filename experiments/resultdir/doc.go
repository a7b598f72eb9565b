// Package resultdir is a result directory's life: what a directory holds,
// claimed or refused, its description (run.json, match.json, worth.json)
// with the provenance of the binary that wrote it, its journal of finished
// units, its finish (a --force replacement put in place whole), the
// shards of a run read together, and the index of stored results.
//
//	dir.go        Dir: described, journalled, finished
//	claim.go      Holding, Inspect, Claim, the replacement of a directory
//	linelog.go    LineLog: journals of whole units, a torn last line dropped
//	journal.go    records.jsonl
//	runinfo.go    RunInfo (run.json), Origin, Version
//	match.go      MatchInfo (match.json)
//	worthinfo.go  WorthInfo (worth.json), worth.csv written whole
//	shards.go     a run's shards read and merged; records.csv(.gz) read
//	index.go      results/INDEX.md
package resultdir
