// Package results holds what experiments produce and everything done with
// it afterwards: records and their CSV/JSON forms, summaries against a
// reference, rendering (tablewriter tables, Markdown, CSV, JSON), run.json
// provenance and the journal that makes runs resumable, match statistics,
// and the merge of shards. It knows nothing of the search.
//
//	columns.go   the CSV and JSON schemas from struct tags; unknown cells
//	record.go    Record, records.csv reading and writing
//	summary.go   Summary, Summarize
//	render.go    RenderSummary, RenderRecords, RenderTable
//	runinfo.go   RunInfo (run.json), Version
//	journal.go   records.jsonl: appended per finished job
//	baseline.go  the bench baseline (results/bench.csv)
//	compare.go   two runs, configuration by configuration
//	elo.go       pentanomial tallies, Elo, normalized Elo, LOS, SPRT
//	match.go     pairs.csv, match.json, the match table
//	worth.go     worth.csv and its table
//	merge.go     job order and the shards of a run
//
// report/ draws run directories as one HTML page.
package results
