// Package resultdir is a result directory's life: what a directory holds,
// claimed or refused, its description (run.json, match.json, worth.json)
// with the provenance of the binary that wrote it, its journal of finished
// units, its finish (a --force replacement put in place whole), the
// shards of a run read together, and the index of stored results.
//
//	dir.go        Dir, Description, Life: every kind's one life: described,
//	              journalled, finished, put in its target's place
//	claim.go      Holding, Inspect, Claim, the replacement of a directory
//	linelog.go    LineLog: journals of whole units, a torn last line dropped
//	journal.go    records.jsonl
//	runinfo.go    RunInfo (run.json), Origin, Version
//	match.go      MatchInfo (match.json)
//	worthinfo.go  WorthInfo (worth.json), worth.csv written whole
//	shards.go     a run's shards read and merged; records.csv(.gz) read
//	index.go      results/INDEX.md
//	open.go       Ask, Open, Claim: a directory claimed for a request, plans compared
//	lock.go       Lock: one writer a directory
//	interrupted.go  Interrupted: work stopped, kept to resume
//	stored.go     StoredFile: the repository's stored results found
//	exchange_linux.go  two directories exchanged atomically (renameat2)
//	exchange_other.go  no atomic exchange: the fallback moves the target aside
package resultdir
