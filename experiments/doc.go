// Package experiments turns what a user asks for into jobs and runs them:
// plan -> run -> records.
//
//	file.go      experiment files (TOML) and the built-in ones (*.toml)
//	generate.go  ladder, leave-one-out, factorial and sweep generators
//	plan.go      Plan, Row, the builder that checks names and loads suites
//	build.go     Request and Build: a command line's plan
//	run.go       Runner: budgets, repeats, records, Order, job errors;
//	             Plan.Describe: run.json's description of a plan
//	pool.go      Pool: workers that each start their own engines
//	estimate.go  the shallow pass that estimates each job's cost
//	progress.go  the learned ETA
//	shard.go     shards of a plan, --shard auto, the plan's fingerprint
//	bench.go     the bench's configurations and depths, baselines
//	trace.go     traced searches: filters, writers, two trees in step
//	nullcheck.go null-move cutoffs searched again the ordinary way
//	alternate.go two builds' runs, alternated (compare)
//	subjects.go  SubjectSpec, MakeSubject: the engine searched (ours, UCI, built)
//	setting.go   SettingError: a library names the setting, a command its flag
//	budget.go    Budget, a match's per-move budget (nodes or a clock), and
//	             ParseBudgets; Cap (run.go) is a job's bound
//
// match/ plays games between two engines (ablate match, worth: settings,
// budgets, cells, merges; PlayIn, a match's life in its directory).
// runs/ is a run through its life: its directory claimed, resumed or
// continued, its jobs run and journaled, finished. worth/ is a worth
// through its life: its directory claimed, its tree
// sizes, its cells built, resumed and played. source/ builds an engine from its source in
// variants (git worktrees, a build cache, bench signatures).
//
// It reads positions and writes results; results knows nothing of it.
package experiments
