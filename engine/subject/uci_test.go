package subject

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/uci/ucitest"
)

func TestMain(m *testing.M) {
	ucitest.Main()
	os.Exit(m.Run())
}

// TestStartFaults: an engine that is missing, exits at once or never
// finishes the handshake is an error naming its command, before any search.
func TestStartFaults(t *testing.T) {
	for _, c := range []struct{ command, want string }{
		{"/nonexistent/engine", "did not start"},
		{ucitest.Command("exit"), "exited"},
		{ucitest.Command("nouciok"), "never answered uci with uciok"},
	} {
		_, err := OpenUCI(UCI{Command: c.command, StartTimeout: 300 * time.Millisecond})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.command) {
			t.Errorf("%s: %v, want %q", c.command, err, c.want)
		}
	}
	// Slow to start, but within the timeout: fine.
	if _, err := OpenUCI(UCI{Command: ucitest.Command("slowstart"), StartTimeout: 3 * time.Second}); err != nil {
		t.Errorf("slow start: %v", err)
	}
}

// TestUCISearchReportsIterations: the fake engine's info lines become
// iterations, one per depth, with a mate score converted.
func TestUCISearchReportsIterations(t *testing.T) {
	u, err := OpenUCI(UCI{Command: ucitest.Command("ok")})
	if err != nil {
		t.Fatal(err)
	}
	if u.Name() != "Fake ok" || len(u.Presets()) != 1 {
		t.Errorf("name %q presets %v", u.Name(), u.Presets())
	}
	if _, err := u.ParseConfig("default,-x"); err == nil || !strings.Contains(err.Error(), "has no profile") {
		t.Errorf("a spec without a profile: %v", err)
	}
	cfg, _ := u.ParseConfig("default")
	e, _ := u.Start()
	defer e.Close()
	e.Reset(cfg)
	p, _ := chess.ParseFEN(chess.StartFEN)
	calls := 0
	res, err := e.Search(chess.NewGame(p), Limits{Depth: 4}, func(*Iteration) { calls++ })
	if err != nil || res.Depth() != 4 || calls != 4 || res.Iterations[3].Nodes != 160 || res.Move == chess.NullMove {
		t.Errorf("%+v %v (%d calls)", res, err, calls)
	}
	if res.Iterations[0].Stats != nil {
		t.Error("an external engine reported ablate's counters")
	}
}

// TestUserOptionReplacesDefault: an --engine-option of the same name as a
// default (Hash here, Threads for Glaurung), or given twice, is sent once,
// with the last value, in the default's place.
func TestUserOptionReplacesDefault(t *testing.T) {
	for _, c := range []struct {
		options []string
		want    string
	}{
		{nil, "Hash=16"},
		{[]string{"Hash=64"}, "Hash=64"},
		{[]string{"hash=64"}, "Hash=64"},
		{[]string{"Margin=50", "Hash=32", "Margin=70"}, "Hash=32, Margin=70"},
	} {
		u, err := OpenUCI(UCI{Command: ucitest.Command("ok"), Options: c.options})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(u.Settings(), ", "); got != c.want {
			t.Errorf("%v: settings %q, want %q", c.options, got, c.want)
		}
	}
}
