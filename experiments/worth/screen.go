package worth

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/screen"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/stats"
)

// A screening worth measures every technique from one pool of games:
// each pair plays the base without k techniques, drawn by a balanced
// design, against the base, and one fit of every pair gives each
// technique's worth (package screen). It is a worth whose configurations
// are drawn, not listed: one match, with the journal, openings, pairs,
// workers, shards and resume of any match, in matches/screening.

// Screen asks for a screening design.
type Screen struct {
	K     int     `json:"k"`         // techniques out a pair; 0: screen.ChooseK
	Prior float64 `json:"prior_elo"` // the Elo a technique is expected to cost, for ChooseK
}

// screenDir is the screening's match, and screenFile its design and fit.
const (
	screenDir  = "matches/screening"
	screenFile = "screen.json"
)

// Core are the techniques no screening takes out by default: without
// them a search is another program (hundreds of Elo), and a pair that
// loses both games whatever else is out tells the fit nothing.
var Core = []string{"alpha-beta", "qsearch", "tt"}

// Screened is what a screening stores in screen.json: the design, what
// taking each technique out alone takes out, and, once played, the fit.
type Screened struct {
	Base       string   `json:"base"`
	Techniques []string `json:"techniques"`
	K          int      `json:"k"`
	Seed       uint64   `json:"seed"`
	// Alone[j][l]: taking technique j out alone takes l out (j itself,
	// and the children it leaves inert).
	Alone        [][]bool         `json:"alone"`
	Interactions [][2]string      `json:"interactions_tested"`
	Fit          *screen.Analysis `json:"fit,omitempty"`
	design       screen.Design    `json:"-"`
}

// newScreened lays out a screening of the plan's leave-one-out group: its
// reference is the base, its other rows the techniques screened.
func newScreened(plan *matrix.Plan, group string, sc Screen, seed uint64) (*Screened, error) {
	ref := plan.ReferenceOf(group)
	s := &Screened{Base: ref.Spec, Seed: seed}
	for _, row := range plan.Rows {
		if row.Group == group && &row != ref && row.Name != ref.Name {
			s.Techniques = append(s.Techniques, strings.TrimPrefix(row.Name, "-"))
		}
	}
	m := len(s.Techniques)
	s.K = sc.K
	if s.K == 0 {
		prior := sc.Prior
		if prior == 0 {
			prior = screen.DefaultPrior
		}
		s.K = screen.ChooseK(m, prior)
	}
	s.design = screen.Design{M: m, K: s.K, Seed: seed}
	if err := s.design.Check(); err != nil {
		return nil, setup.BadSetting("out-per-pair", "%v", err)
	}
	s.Alone = make([][]bool, m)
	for j, t := range s.Techniques {
		cfg, err := plan.Subject.ParseConfig(s.Base + ",-" + t)
		if err != nil {
			return nil, err
		}
		s.Alone[j] = make([]bool, m)
		for l, u := range s.Techniques {
			s.Alone[j][l] = !cfg.Has(u)
		}
	}
	for _, fam := range Families {
		for a, x := range fam {
			for _, y := range fam[a+1:] {
				if slices.Contains(s.Techniques, x) && slices.Contains(s.Techniques, y) {
					s.Interactions = append(s.Interactions, [2]string{x, y})
				}
			}
		}
	}
	return s, nil
}

// Families are the techniques whose effects overlap, whose pairwise
// interactions a screening fits (those it can tell apart: not a parent
// and its child): the late-move family, the null move's, the singular
// extensions', the prunings by a move's prospects, and the evaluation
// terms that read the same attack maps.
var Families = [][]string{
	{"lmr", "lmp", "history-prune"},
	{"nmp", "nmp-threat", "nmp-eval"},
	{"singular", "singular-double", "singular-negative", "multi-cut"},
	{"see-prune", "futility", "lmp"},
	{"mobility", "king-safety", "threats", "outposts"},
}

// out is what pair i's configuration had out, as the engine took it.
func (s *Screened) out(blocks [][]int, i int) []bool {
	o := make([]bool, len(s.Techniques))
	for _, j := range blocks[i] {
		for l, x := range s.Alone[j] {
			o[l] = o[l] || x
		}
	}
	return o
}

// checkScreen checks a screening before anything is searched: one group,
// a design that can estimate every technique, and pairs enough to fit.
func (w *Worth) checkScreen() error {
	if len(w.Groups) != 1 {
		return setup.BadSetting("design", "screening measures one leave-one-out group, not %d groups", len(w.Groups))
	}
	// One match of many configurations has no SPRT to stop it, and a
	// configuration drawn pair by pair none to re-tune.
	if w.Settings.SPRT != "" {
		return setup.BadSetting("sprt", "with --design screening: a screening's one pool of games is fitted whole, never stopped by an SPRT")
	}
	if w.Retune > 0 {
		return setup.BadSetting("retune", "with --design screening: a screening draws its configuration pair by pair; re-tune a leave-one-out")
	}
	sc, err := newScreened(w.Plan, w.Groups[0], *w.Screen, w.Settings.Seed)
	if err != nil {
		return err
	}
	if effects := len(sc.Techniques) + len(sc.Interactions); w.Settings.Pairs < 2*effects {
		return setup.BadSetting("pairs", "%d: a screening of %d techniques fits %d effects (with the interactions): "+
			"play at least %d pairs", w.Settings.Pairs, len(sc.Techniques), effects, 2*effects)
	}
	blocks := sc.design.Blocks(w.Settings.Pairs)
	outs := make([][]bool, w.Settings.Pairs)
	for i := range outs {
		outs[i] = sc.out(blocks, i)
	}
	if err := screen.Estimable(sc.Techniques, sc.Alone, outs, sc.tested()); err != nil {
		return setup.BadSetting("out-per-pair", "%d of %d techniques: %v: choose another --out-per-pair, or play more pairs", sc.K, len(sc.Techniques), err)
	}
	return nil
}

// screenCell builds the screening's one match: A draws its configuration
// pair by pair, B is the base.
func (w *Worth) screenCell(note func(string)) error {
	group := w.Groups[0]
	ref := w.Plan.ReferenceOf(group)
	sc, err := newScreened(w.Plan, group, *w.Screen, w.Settings.Seed)
	if err != nil {
		return err
	}
	w.screened = sc
	s := w.Settings
	s.Configs = []string{"screen=" + ref.Spec, ref.Name + "=" + ref.Spec}
	a := match.Player{Name: "screen", Spec: ref.Spec, Subject: w.Plan.Subject, Config: ref.Config}
	b := match.Player{Name: ref.Name, Spec: ref.Spec, Subject: w.Plan.Subject, Config: ref.Config}
	m, err := s.Build(a, b)
	if err != nil {
		return err
	}
	blocks := sc.design.Blocks(m.Pairs)
	specs := make([]string, m.Pairs)
	for i := range specs {
		specs[i] = sc.Base
		for _, j := range blocks[i] {
			specs[i] += ",-" + sc.Techniques[j]
		}
	}
	m.PairSpec = func(i int) [2]string { return [2]string{specs[i], ref.Spec} }
	m.PairConfig = func(i int, _ func() bool) ([2]subject.Config, bool) {
		cfg, err := w.Plan.Subject.ParseConfig(specs[i])
		if err != nil {
			return [2]subject.Config{}, false
		}
		return [2]subject.Config{cfg, ref.Config}, true
	}
	if w.Settings.Precision > 0 {
		precision := w.Settings.Precision
		m.Precision = 0
		m.Enough = func(pairs []*match.Pair) bool {
			an, err := sc.analyze(pairs, m.A.Name, blocks)
			if err != nil || len(pairs) < 2*len(sc.Techniques) {
				return false
			}
			for _, e := range an.Effects {
				if e.EloError > precision {
					return false
				}
			}
			return true
		}
	}
	t := &Cell{Match: m, settings: s, screen: sc,
		Head: fmt.Sprintf("screening %d techniques of %s, %d out a pair: %d pairs, %s", len(sc.Techniques), sc.Base,
			sc.K, m.Pairs, m.Budget.String())}
	if w.Dir != "" {
		t.dir = filepath.Join(w.Dir, screenDir)
		if err := sc.write(w.Dir); err != nil {
			return err
		}
	}
	res, err := t.resume()
	if err != nil {
		return err
	}
	if res != nil {
		note(t.Head + "\n  done already")
		pairs, err := readPairs(t.dir)
		if err != nil {
			return err
		}
		if err := w.screenRows(sc, pairs, m.Budget.String(), blocks); err != nil {
			return err
		}
		if w.Dir != "" {
			return sc.write(w.Dir)
		}
		return nil
	}
	w.Todo = append(w.Todo, t)
	return nil
}

// analyze fits the pairs counted so far.
func (s *Screened) analyze(pairs []*match.Pair, a string, blocks [][]int) (*screen.Analysis, error) {
	return s.fit(match.Records(pairs, a), blocks)
}

// fit fits the pairs' rows (pairs.csv's), pair i from block i.
func (s *Screened) fit(rows []records.PairRecord, blocks [][]int) (*screen.Analysis, error) {
	units := make([]screen.Unit, len(rows))
	for i, p := range rows {
		units[i] = screen.Unit{Out: s.out(blocks, p.Pair-1), Score: p.Points / 2, DepthA: p.DepthA, DepthB: p.DepthB}
	}
	return screen.Analyze(s.Techniques, s.Alone, units, s.tested())
}

// tested are the interactions the screening tests, as indexes into its
// techniques.
func (s *Screened) tested() [][2]int {
	var tested [][2]int
	for _, in := range s.Interactions {
		tested = append(tested, [2]int{slices.Index(s.Techniques, in[0]), slices.Index(s.Techniques, in[1])})
	}
	return tested
}

// screenRows fits the screening's pairs and makes worth.csv's rows: a
// technique a row, beside its tree size from the leave-one-out run.
func (w *Worth) screenRows(s *Screened, pairs []records.PairRecord, limits string, blocks [][]int) error {
	ref := w.Plan.ReferenceOf(w.Groups[0])
	byConfig := map[string]*records.Summary{}
	for i := range w.sums {
		byConfig[w.sums[i].Config] = &w.sums[i]
	}
	rows := make([]records.WorthRow, len(s.Techniques))
	for j, t := range s.Techniques {
		sum := byConfig["-"+t]
		if sum == nil {
			return fmt.Errorf("the tree-size run has no -%s", t)
		}
		rows[j] = records.NewWorthRow(sum, &stats.MatchResult{}, limits)
		rows[j].Reference, rows[j].Positions = ref.Name, ref.Suite.Name
	}
	w.Rows = rows
	if err := s.apply(rows, pairs, blocks); err != nil {
		if w.Settings.Shard.Count > 1 { // a shard's pairs are the merge's to fit
			for j := range w.Rows {
				s.count(&w.Rows[j], j, pairs, blocks) // its games, though no Elo yet
				w.Rows[j].Partial = true
			}
			return nil
		}
		return err
	}
	return nil
}

// apply fits the pairs and sets each technique's row (row j, technique
// j's, its tree size already in it) to its effect.
func (s *Screened) apply(rows []records.WorthRow, pairs []records.PairRecord, blocks [][]int) error {
	an, err := s.fit(pairs, blocks)
	if err != nil {
		return err
	}
	s.Fit = an
	for j, e := range an.Effects {
		row := &rows[j]
		row.Config = "-" + e.Technique
		row.Elo, row.EloError, row.NElo, row.NEloError = e.Elo, e.EloError, e.NElo, e.NEloError
		row.LOS = 0.5 * math.Erfc(-e.Elo/(e.EloError/1.959963984540054)/math.Sqrt2)
		row.MeanDepth, row.RefMeanDepth = e.DepthWithout, e.DepthWith
		s.count(row, j, pairs, blocks)
	}
	return nil
}

// count sets a technique's row (row j) to the games of the pairs that
// took it out: wins, draws, losses, their number and its draws' share.
func (s *Screened) count(row *records.WorthRow, j int, pairs []records.PairRecord, blocks [][]int) {
	row.Wins, row.Draws, row.Losses = wdl(pairs, func(p records.PairRecord) bool { return s.out(blocks, p.Pair-1)[j] })
	row.Games = row.Wins + row.Draws + row.Losses
	row.DrawRatio = 0
	if row.Games > 0 {
		row.DrawRatio = float64(row.Draws) / float64(row.Games)
	}
}

// wdl counts the games of the pairs keep holds, for the configuration.
func wdl(pairs []records.PairRecord, keep func(records.PairRecord) bool) (w, d, l int) {
	for _, p := range pairs {
		if !keep(p) {
			continue
		}
		for g, r := range []string{p.Game1, p.Game2} {
			pts := stats.Points(r, g == 0) // A is White in game 1
			switch pts {
			case 1:
				w++
			case 0.5:
				d++
			default:
				l++
			}
		}
	}
	return w, d, l
}

// write keeps the design, and once played the fit, in dir/screen.json.
func (s *Screened) write(dir string) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return resultdir.WriteFileAtomic(filepath.Join(dir, screenFile), append(data, '\n'))
}

// ReadScreened reads dir/screen.json (os.ErrNotExist: not a screening).
func ReadScreened(dir string) (*Screened, error) {
	data, err := os.ReadFile(filepath.Join(dir, screenFile))
	if err != nil {
		return nil, err
	}
	var s Screened
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, screenFile), err)
	}
	s.design = screen.Design{M: len(s.Techniques), K: s.K, Seed: s.Seed}
	return &s, nil
}

// readPairs reads a finished match directory's pairs.csv.
func readPairs(dir string) ([]records.PairRecord, error) {
	path := filepath.Join(dir, "pairs.csv")
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return records.ReadPairsCSV(f, path)
}

// Screening is the worth's screening, if it is one: its design, and once
// played its fit.
func (w *Worth) Screening() *Screened { return w.screened }
