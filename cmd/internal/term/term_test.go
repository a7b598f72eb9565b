package term

import (
	"bytes"
	"testing"
)

func TestShellLine(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"ablate", "worth", "--pairs", "10"}, "ablate worth --pairs 10"},
		{[]string{"ablate", "--config", "a=full,-lmr"}, "ablate --config a=full,-lmr"},
		{[]string{"ablate", "--fen", "8/8/8 w - -"}, "ablate --fen '8/8/8 w - -'"},
		{[]string{"x", "it's", ""}, `x 'it'\''s' ''`},
	} {
		if got := ShellLine(c.args); got != c.want {
			t.Errorf("ShellLine(%q) = %s, want %s", c.args, got, c.want)
		}
	}
}

// TestPlainLines: off a terminal a plain bar prints at each new tenth and
// at the last update, and a quiet one prints nothing.
func TestPlainLines(t *testing.T) {
	var b bytes.Buffer
	bar := Start(&b, Options{Title: "a vs b", Total: 20, Plain: true})
	for i := 1; i <= 20; i++ {
		bar.Set(i, "n="+string(rune('0'+i%10)), i == 7)
	}
	bar.Stop()
	if got, want := bytes.Count(b.Bytes(), []byte("\n")), 11; got != want { // tenths 1..10 and the last at 7
		t.Errorf("%d lines, want %d:\n%s", got, want, b.String())
	}
	var q bytes.Buffer
	bar = Start(&q, Options{Title: "a vs b", Total: 20, Plain: true, Quiet: true})
	bar.Set(20, "done", true)
	if q.Len() != 0 {
		t.Errorf("quiet printed %q", q.String())
	}
}
