// Package results holds what experiments produce and everything done with
// it afterwards: records and their CSV/JSON forms, summaries against a
// reference, rendering (tablewriter tables, Markdown, CSV, JSON), run.json
// provenance and the journal that makes runs resumable. It knows nothing of
// the search.
//
//	record.go   Record, records.csv reading and writing
//	summary.go  Summary, Summarize
//	render.go   RenderSummary, RenderRecords
//	runinfo.go  RunInfo (run.json), Version
//	journal.go  records.jsonl: appended per finished job
package results
