// Command ablate is a chess engine whose every search technique can be
// switched on and off, and the experiment tool that measures what each
// technique saves and what it costs.
package main

import "os"

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
