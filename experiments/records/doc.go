// Package records holds the rows ablate's result files are made of and
// the computations over them: a search's records (records.csv), their
// summaries against a reference, a match's pairs (pairs.csv), a worth's
// rows (worth.csv), the bench baseline, and the comparison of two runs.
// Each row type's struct tags are its file's schema; the search's
// counters are columns known by name (Counts), so that nothing here
// imports the search.
//
//	columns.go   CSV and JSON from struct tags; unknown cells; named counters
//	record.go    Record, Counts, records.csv
//	summary.go   Summary, Summarize (each configuration at its deepest depth)
//	pernode.go   PerNode, PerNodes: the trees' shape per node (compare --per-node)
//	pairs.go     PairRecord (pairs.csv), CountPairs; Phase (elo --by-move)
//	worth.go     WorthRow (worth.csv)
//	baseline.go  the bench baseline's rows, and what changed
//	compare.go   two runs, configuration by configuration; --fail-on rules
//	jobs.go      a record's job, plan order, repeats merged
//	worthcompare.go  two worth tables side by side, and how far they agree
package records
