package uci

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Client drives a UCI engine (ablate's own or any other) and holds it to
// the protocol: every line the engine sends must pass ParseEngineLine.
// When the engine fails (exits, hangs, sends garbage) the error is an
// *EngineError carrying its command and the last lines it printed.
type Client struct {
	Name    string
	Options []Option // the options the engine announced, in order
	// Command is the engine's command line, for messages.
	Command string
	// Timeout bounds each wait for the handshake's and isready's answers.
	Timeout time.Duration
	// StopGrace is how long an engine has to answer stop with bestmove
	// before it has hung.
	StopGrace time.Duration

	w     io.Writer
	lines chan string
	cmd   *exec.Cmd

	mu     sync.Mutex
	recent []string // the last lines the engine printed
}

// recentLines is how many of the engine's last lines an error quotes.
const recentLines = 8

// EngineError is an engine that failed: what went wrong, its command and
// the last lines it printed.
type EngineError struct {
	Command string
	What    string // "exited", "hung", "protocol", "start"
	Detail  string
	Recent  []string
}

func (e *EngineError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "engine %q %s", e.Command, e.Detail)
	if len(e.Recent) > 0 {
		fmt.Fprintf(&b, "; its last lines: %q", e.Recent)
	}
	return b.String()
}

// NewClient talks to an engine over r (its output) and w (its input).
func NewClient(r io.Reader, w io.Writer) *Client {
	c := &Client{w: w, lines: make(chan string, 1024), Timeout: 30 * time.Second, StopGrace: 2 * time.Second, Command: "engine"}
	go func() {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	return c
}

// Start runs an engine program and talks to it.
func Start(path string, args ...string) (*Client, error) {
	return start(exec.Command(path, args...), strings.Join(append([]string{path}, args...), " "))
}

// StartCommand runs an engine given as a command line (a path, or a path
// with arguments, as a shell reads it) in dir ("" for the current one).
// The engine is killed if ablate dies, and its process group keeps a
// terminal's Ctrl-C from reaching it before ablate has stopped it.
func StartCommand(command, dir string) (*Client, error) {
	var cmd *exec.Cmd
	if f := strings.Fields(command); len(f) > 0 && !strings.ContainsAny(command, "\"'\\$`|&;<>(){}*?~=") {
		cmd = exec.Command(f[0], f[1:]...) // plain words: no shell needed
	} else {
		cmd = exec.Command("/bin/sh", "-c", "exec "+command)
	}
	cmd.Dir = dir
	return start(cmd, command)
}

func start(cmd *exec.Cmd, command string) (*Client, error) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, &EngineError{Command: command, What: "start", Detail: "did not start: " + err.Error()}
	}
	c := NewClient(out, in)
	c.cmd, c.Command = cmd, command
	return c, nil
}

// Send writes one command.
func (c *Client) Send(format string, args ...any) error {
	if _, err := fmt.Fprintf(c.w, format+"\n", args...); err != nil {
		return c.fail("exited", "could not be written to: "+err.Error())
	}
	return nil
}

func (c *Client) fail(what, detail string) *EngineError {
	c.mu.Lock()
	defer c.mu.Unlock()
	return &EngineError{Command: c.Command, What: what, Detail: detail, Recent: append([]string(nil), c.recent...)}
}

func (c *Client) remember(line string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.recent) == recentLines {
		copy(c.recent, c.recent[1:])
		c.recent = c.recent[:recentLines-1]
	}
	c.recent = append(c.recent, line)
}

// next returns the engine's next line, checked, waiting until deadline.
func (c *Client) next(deadline time.Time) (string, *Info, string, error) {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case line, ok := <-c.lines:
		return c.check(line, ok)
	case <-timer.C:
		return "", nil, "", c.fail("hung", fmt.Sprintf("sent nothing for %v", c.Timeout))
	}
}

func (c *Client) check(line string, ok bool) (string, *Info, string, error) {
	if !ok {
		return "", nil, "", c.fail("exited", "exited")
	}
	c.remember(line)
	kind, info, err := ParseEngineLine(line)
	if err != nil {
		return kind, info, line, c.fail("protocol", "broke the protocol: "+err.Error())
	}
	return kind, info, line, nil
}

// Handshake sends uci and waits for uciok, collecting the engine's name and
// options, then isready. A banner before the first id line (Stockfish and
// Toga print one) is allowed; after it, every line must be UCI.
func (c *Client) Handshake() error {
	if err := c.UCI(); err != nil {
		return err
	}
	return c.IsReady()
}

// UCI sends uci and waits for uciok, collecting the engine's name and
// options: the handshake without isready, so that options (a smaller
// Hash) can be set before the engine allocates its tables.
func (c *Client) UCI() error {
	if err := c.Send("uci"); err != nil {
		return err
	}
	deadline := time.Now().Add(c.Timeout)
	seenID := false
	for {
		kind, _, line, err := c.next(deadline)
		var ee *EngineError
		if err != nil && !seenID && errors.As(err, &ee) && ee.What == "protocol" {
			continue // a banner
		}
		if err != nil {
			if errors.As(err, &ee) && ee.What == "hung" {
				ee.Detail = fmt.Sprintf("never answered uci with uciok (waited %v)", c.Timeout)
			}
			return err
		}
		switch kind {
		case "id":
			seenID = true
			if rest, ok := strings.CutPrefix(line, "id name "); ok {
				c.Name = rest
			}
		case "option":
			seenID = true
			o, err := ParseOption(line)
			if err != nil {
				return c.fail("protocol", err.Error())
			}
			c.Options = append(c.Options, o)
		case "uciok":
			return nil
		}
	}
}

// IsReady sends isready and waits for readyok.
func (c *Client) IsReady() error {
	if err := c.Send("isready"); err != nil {
		return err
	}
	deadline := time.Now().Add(c.Timeout)
	for {
		kind, _, _, err := c.next(deadline)
		var ee *EngineError
		if errors.As(err, &ee) && ee.What == "hung" {
			ee.Detail = fmt.Sprintf("never answered isready with readyok (waited %v)", c.Timeout)
		}
		if err != nil {
			return err
		}
		if kind == "readyok" {
			return nil
		}
	}
}

// Option returns the announced option of that name (UCI option names are
// not case sensitive), and whether there is one.
func (c *Client) Option(name string) (Option, bool) {
	for _, o := range c.Options {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Option{}, false
}

// SetOption sets an option; a button takes no value.
func (c *Client) SetOption(name, value string) error {
	if value == "" {
		return c.Send("setoption name %s", name)
	}
	return c.Send("setoption name %s value %s", name, value)
}

// Go sends position and go commands and waits (up to Timeout) for
// bestmove, returning it and the info lines before it.
func (c *Client) Go(position, goArgs string) (best string, infos []Info, err error) {
	best, err = c.Search(position, goArgs, time.Now().Add(c.Timeout), nil, func(in *Info) { infos = append(infos, *in) })
	return best, infos, err
}

// Search sends position and go commands and waits for bestmove, calling
// onInfo with each info line. When stop becomes true, or the deadline
// passes, it sends stop; an engine that still gives no bestmove within
// StopGrace has hung.
func (c *Client) Search(position, goArgs string, deadline time.Time, stop *atomic.Bool, onInfo func(*Info)) (string, error) {
	if err := c.Send("position %s", position); err != nil {
		return "", err
	}
	if err := c.Send("go %s", goArgs); err != nil {
		return "", err
	}
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	var poll <-chan time.Time
	if stop != nil {
		t := time.NewTicker(50 * time.Millisecond)
		defer t.Stop()
		poll = t.C
	}
	stopped := false
	stopNow := func() error {
		if stopped {
			return nil
		}
		stopped = true
		timer.Reset(c.StopGrace)
		return c.Send("stop")
	}
	for {
		select {
		case line, ok := <-c.lines:
			kind, info, _, err := c.check(line, ok)
			if err != nil {
				return "", err
			}
			switch kind {
			case "info":
				if onInfo != nil {
					onInfo(info)
				}
			case "bestmove":
				return strings.Fields(line)[1], nil
			case "":
			default:
				return "", c.fail("protocol", fmt.Sprintf("sent %q during a search", line))
			}
		case <-poll:
			if stop.Load() {
				if err := stopNow(); err != nil {
					return "", err
				}
			}
		case <-timer.C:
			if stopped {
				return "", c.fail("hung", "gave no bestmove, even after stop")
			}
			if err := stopNow(); err != nil {
				return "", err
			}
		}
	}
}

// Close sends quit and waits for the engine program, if Start ran one,
// killing it if it does not quit within a second.
func (c *Client) Close() error {
	err := c.Send("quit")
	if c.cmd != nil {
		done := make(chan error, 1)
		go func() { done <- c.cmd.Wait() }()
		select {
		case err = <-done:
		case <-time.After(time.Second):
			c.Kill()
			<-done
			err = nil
		}
	}
	return err
}

// Kill ends the engine program at once.
func (c *Client) Kill() {
	if c.cmd != nil && c.cmd.Process != nil {
		// The whole group: a shell wrapper's child too.
		syscall.Kill(-c.cmd.Process.Pid, syscall.SIGKILL)
		c.cmd.Process.Kill()
	}
}
