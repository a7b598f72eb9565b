package matrix

import (
	"context"
	"sync"
	"sync/atomic"
)

// Pool runs jobs on workers. Each worker makes its own state with start
// (its engines), ends it with end, and runs work on each job it takes;
// collect gets every result on the caller's goroutine, one at a time, as
// they finish. Jobs stop being handed out once stop is set or ctx ends. A
// worker that cannot start takes no job and sets stop; Pool returns the
// first such error once the others are done. A worker hands its result
// over without waiting for collect to finish the one before (a journal's
// fsync, a tune's update): up to one result a worker waits in line.
func Pool[S, J, R any](ctx context.Context, workers int, jobs []J, stop *atomic.Bool,
	start func() (S, error), end func(S), work func(S, J) R, collect func(R)) error {
	todo := make(chan J)
	out := make(chan R, max(1, workers))
	var wg sync.WaitGroup
	var startErr error
	var once sync.Once
	for w := 0; w < max(1, workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, err := start()
			if err != nil {
				once.Do(func() { startErr = err; stop.Store(true) })
				for range todo {
				}
				return
			}
			defer end(st)
			for jb := range todo {
				out <- work(st, jb)
			}
		}()
	}
	go func() {
		defer close(todo)
		for _, jb := range jobs {
			if stop.Load() {
				return
			}
			select {
			case todo <- jb:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(out)
	}()
	for r := range out {
		collect(r)
	}
	return startErr
}
