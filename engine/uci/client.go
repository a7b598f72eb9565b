package uci

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// Client drives a UCI engine (ablate's own or any other) and holds it to
// the protocol: every line the engine sends must pass ParseEngineLine.
type Client struct {
	Name    string
	Options []string // the option lines the engine announced

	w     io.Writer
	lines chan string
	cmd   *exec.Cmd
	// Timeout bounds each wait for the engine's answer.
	Timeout time.Duration
}

// NewClient talks to an engine over r (its output) and w (its input).
func NewClient(r io.Reader, w io.Writer) *Client {
	c := &Client{w: w, lines: make(chan string, 1024), Timeout: 30 * time.Second}
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
	cmd := exec.Command(path, args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c := NewClient(out, in)
	c.cmd = cmd
	return c, nil
}

// Send writes one command.
func (c *Client) Send(format string, args ...any) error {
	_, err := fmt.Fprintf(c.w, format+"\n", args...)
	return err
}

// next returns the engine's next line, checked.
func (c *Client) next() (string, *Info, string, error) {
	select {
	case line, ok := <-c.lines:
		if !ok {
			return "", nil, "", io.ErrUnexpectedEOF
		}
		kind, info, err := ParseEngineLine(line)
		return kind, info, line, err
	case <-time.After(c.Timeout):
		return "", nil, "", &timeoutError{c.name(), c.Timeout}
	}
}

type timeoutError struct {
	name string
	d    time.Duration
}

func (e *timeoutError) Error() string { return fmt.Sprintf("no answer from %s within %v", e.name, e.d) }

func isTimeout(err error) bool {
	var te *timeoutError
	return errors.As(err, &te)
}

func (c *Client) name() string {
	if c.Name != "" {
		return c.Name
	}
	return "the engine"
}

// Handshake sends uci and waits for uciok, collecting the engine's name and
// options, then isready. A banner before the first id line (Stockfish
// prints one) is allowed; after it, every line must be UCI.
func (c *Client) Handshake() error {
	if err := c.Send("uci"); err != nil {
		return err
	}
	seenID := false
	for {
		kind, _, line, err := c.next()
		if err != nil && !seenID && !errors.Is(err, io.ErrUnexpectedEOF) && !isTimeout(err) {
			continue // a banner
		}
		if err != nil {
			return err
		}
		switch kind {
		case "id":
			seenID = true
			if rest, ok := strings.CutPrefix(line, "id name "); ok {
				c.Name = rest
			}
		case "option":
			c.Options = append(c.Options, line)
		case "uciok":
			return c.IsReady()
		}
	}
}

// IsReady sends isready and waits for readyok.
func (c *Client) IsReady() error {
	if err := c.Send("isready"); err != nil {
		return err
	}
	for {
		kind, _, _, err := c.next()
		if err != nil {
			return err
		}
		if kind == "readyok" {
			return nil
		}
	}
}

// SetOption sets an option.
func (c *Client) SetOption(name, value string) error {
	return c.Send("setoption name %s value %s", name, value)
}

// Go sends position and go commands and waits for bestmove, returning it
// and the info lines before it.
func (c *Client) Go(position, goArgs string) (best string, infos []Info, err error) {
	if err := c.Send("position %s", position); err != nil {
		return "", nil, err
	}
	if err := c.Send("go %s", goArgs); err != nil {
		return "", nil, err
	}
	for {
		kind, info, line, err := c.next()
		if err != nil {
			return "", infos, err
		}
		switch kind {
		case "info":
			infos = append(infos, *info)
		case "bestmove":
			return strings.Fields(line)[1], infos, nil
		case "":
		default:
			return "", infos, fmt.Errorf("%s sent %q during a search", c.name(), line)
		}
	}
}

// Close sends quit and waits for the engine program, if Start ran one.
func (c *Client) Close() error {
	err := c.Send("quit")
	if c.cmd != nil {
		done := make(chan error, 1)
		go func() { done <- c.cmd.Wait() }()
		select {
		case err = <-done:
		case <-time.After(5 * time.Second):
			c.cmd.Process.Kill()
			err = errors.New("engine did not quit; killed")
		}
	}
	return err
}
