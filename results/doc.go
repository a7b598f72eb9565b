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
//	dir.go       Dir: a run's or a match's directory through its life
//	linelog.go   LineLog: journals of whole units, a torn last line dropped
//	journal.go   records.jsonl: a finished job's records a line
//	baseline.go  the bench baseline (results/baseline/bench.csv)
//	compare.go   two runs, configuration by configuration
//	elo.go       pentanomial tallies, Elo, normalized Elo, LOS, SPRT
//	stop.go      Stop: when a match has played enough (SPRT, precision)
//	match.go     pairs.csv, match.json, games.pgn.gz, the match table
//	worth.go     worth.csv, its table and the worth ladder's
//	merge.go     job order, the shards of a run, checks of shards' rows
//
// report/ draws run directories as one HTML page.
package results
