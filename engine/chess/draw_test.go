package chess

import "testing"

func TestInsufficientMaterial(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want bool
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},
		{"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true},
		{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true},
		{"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true},   // bishops on same-coloured squares
		{"4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false}, // opposite colours: a mate exists
		{"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false},
		{"4k3/8/8/8/8/8/8/4K1NB w - - 0 1", false},
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", false},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.InsufficientMaterial(); got != c.want {
			t.Errorf("%s: %v, want %v", c.fen, got, c.want)
		}
	}
}

func TestRepetitionAndFiftyMoves(t *testing.T) {
	p, _ := ParseFEN(StartFEN)
	g := NewGame(p)
	play := func(sans ...string) {
		t.Helper()
		for _, s := range sans {
			m, err := g.Position.ParseSAN(s)
			if err != nil {
				t.Fatal(err)
			}
			g.Play(m)
		}
	}
	play("Nf3", "Nf6", "Ng1")
	if g.Position.Repeats(g.History()) {
		t.Fatal("repetition after Ng1, with black to move")
	}
	play("Ng8")
	if !g.Position.Repeats(g.History()) || g.Repetitions() != 1 {
		t.Fatalf("start position again: Repeats %v, Repetitions %d", g.Position.Repeats(g.History()), g.Repetitions())
	}
	play("Nf3", "Nf6", "Ng1", "Ng8")
	if g.Repetitions() != 2 {
		t.Fatalf("third occurrence: Repetitions %d, want 2", g.Repetitions())
	}
	play("e4")
	if g.Position.Repeats(g.History()) {
		t.Error("a pawn move cannot repeat")
	}

	f, _ := ParseFEN("4k3/8/8/8/8/8/8/4K2R w - - 99 80")
	if f.FiftyMoves() {
		t.Error("fifty moves at 99 half-moves")
	}
	m, _ := f.ParseSAN("Rh2")
	f.Play(m)
	if !f.FiftyMoves() {
		t.Error("no fifty moves at 100 half-moves")
	}
}
