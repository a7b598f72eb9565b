// Package experiments turns what a user asks for into jobs and runs them:
// plan -> run -> records.
//
//	file.go      experiment files (TOML) and the built-in ones (*.toml)
//	generate.go  ladder, leave-one-out, factorial and sweep generators
//	plan.go      Plan, Row, the builder that checks names and loads suites
//	build.go     Request and Build: a command line's plan
//	run.go       Runner: parallel workers, repeats, records, Order
//
// It reads positions and writes results; results knows nothing of it.
package experiments
