// Package matrix turns what a user asks for into jobs and runs them: an
// experiment file (TOML, or one built in: *.toml) or a command line's
// request (Build) becomes a Plan of configurations as rows, each over a
// suite of positions to a depth; a Runner searches every job on a pool of
// workers, each with engines of its own, and returns records that are the
// same whatever the workers, the order or the machine. A shallow pass
// estimates each job's cost, to start the longest first and to deal a plan
// into shards of equal work.
//
// It reads positions and writes records; records knows nothing of it.
package matrix
