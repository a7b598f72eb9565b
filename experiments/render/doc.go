// Package render writes ablate's results for people and programs: a
// terminal table or Markdown (tablewriter), CSV (each row type's schema)
// or JSON, one renderer for every format.
//
//	render.go   Table, Summary, Records, Run
//	match.go    Match
//	worth.go    Worth, and a ladder's table
//	compare.go  Comparison
//	bench.go    Bench: OpenBench's node-count signature
//	trace.go    a trace's tables: by depth, node types, by move, reductions, --vs's counts
//	recheck.go  Recheck: trace --check-null and --check-lmr, how often a shortcut is overturned
//	index.go    Index: results/INDEX.md, every stored result and its command
//	pernode.go  PerNode: compare --per-node, the trees' shape per node
//	worthcompare.go  WorthComparison: two worth tables, row by row
package render
