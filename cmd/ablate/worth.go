package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/results"
)

func worthCommand() *cli.Command {
	return &cli.Command{
		Name:      "worth",
		Usage:     "what each technique is worth: tree size from a run and Elo from a match, side by side",
		UsageText: "ablate worth [EXPERIMENT] [--leave-one-out a,b,c] [--base SPEC] [--run DIR] [match flags] [--out DIR]",
		Description: "For each configuration of an experiment (a leave-one-out over a base, by default),\n" +
			"a match of it against its group's reference, and one table: the configuration,\n" +
			"its tree size against the reference (at the experiment's depth; bench at depth 10\n" +
			"for --leave-one-out), and its Elo against the reference with the 95% interval,\n" +
			"LOS and the SPRT's verdict if asked. So '-lmr' at -120 Elo means that taking LMR\n" +
			"out costs 120 Elo. An experiment file's [match] section sets the matches; flags\n" +
			"override it. With --out DIR, each match has its own directory; running the same\n" +
			"command again finishes an interrupted one and reuses those done.",
		Flags: flags(matchFlags(), []cli.Flag{
			&cli.StringFlag{Name: "leave-one-out", Usage: "techniques `a,b,c`: the base against the base without each"},
			&cli.StringFlag{Name: "base", Usage: "the leave-one-out's base `SPEC` (default: the engine's default preset)"},
			positionsFlag("", "positions of the tree-size run (default bench, or the experiment's)"),
			&cli.IntFlag{Name: "tree-depth", Usage: "depth of the tree-size run (default 10, or the experiment's)"},
			&cli.StringFlag{Name: "run", Usage: "take tree sizes from this run `DIR` instead of running them"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write worth.csv, the run and each match to `DIR`"},
			shardFlag(),
		}, budgetFlags(), subjectFlags()),
		Action: worthAction,
	}
}

func worthAction(c *cli.Context) error {
	format := c.String("format")
	if err := results.CheckFormat(format); err != nil {
		return badInput(err)
	}
	if c.NArg() > 1 {
		return badInput(fmt.Errorf("worth takes one experiment, then nothing: put flags before it "+
			"(ablate worth --pairs 100 card), got %q", c.Args().Slice()))
	}
	sub, err := makeSubject(readSubjectSpec(c), c.Int("hash"), budget(c), c.Args().First(), c.App.ErrWriter)
	if err != nil {
		return badInput(err)
	}
	req := experiments.Request{Experiment: c.Args().First(), LeaveOneOut: splitList(c.String("leave-one-out")),
		Base: c.String("base"), DefaultDepth: 10,
		Options: experiments.Options{Positions: c.String("positions"), Depth: c.Int("tree-depth"), Subject: sub}}
	if req.Experiment == "" && len(req.LeaveOneOut) == 0 {
		return badInput(fmt.Errorf("worth wants an experiment (built-in: %s) or --leave-one-out a,b,c",
			strings.Join(experiments.Builtin(), ", ")))
	}
	if req.Experiment == "" && req.Positions == "" {
		req.Positions = "bench"
	}
	if err := checkHash(c.Int("hash"), 2*max(1, c.Int("jobs"))); err != nil {
		return badInput(err)
	}
	plan, err := experiments.Build(req)
	if err != nil {
		return badInput(err)
	}
	s, err := readMatchSettings(c)
	if err != nil {
		return badInput(err)
	}
	if err := applyMatchSection(c, &s, plan.Match); err != nil {
		return badInput(err)
	}
	// A shard plays its share of every match's pairs (i mod N); the tree
	// sizes are each shard's whole (they are cheap beside the games).
	if s.Shard, err = experiments.ParseShard(c.String("shard"), os.Getenv); err != nil {
		return badInput(err)
	}

	groups := plan.Groups()
	if plan.Match != nil && len(plan.Match.Groups) > 0 {
		for _, g := range plan.Match.Groups {
			if plan.ReferenceOf(g) == nil {
				return badInput(fmt.Errorf("[match] groups: no group %q (groups: %s)", g, strings.Join(groups, ", ")))
			}
		}
		groups = plan.Match.Groups
	}
	out := c.String("out")
	if s.Shard.Count > 1 && out == "" {
		return badInput(fmt.Errorf("--shard needs --out: the shards' directories are what ablate merge joins"))
	}
	if out != "" {
		if err := os.MkdirAll(out, 0o755); err != nil {
			return badInput(err)
		}
	}

	// Tree sizes: a run of the plan, or one given.
	var recs []results.Record
	if dir := c.String("run"); dir != "" {
		if recs, err = readRun(dir); err != nil {
			return badInput(err)
		}
	} else {
		fmt.Fprintf(c.App.ErrWriter, "tree sizes: %d searches\n", plan.Jobs())
		if recs, err = runPlan(plan, max(1, c.Int("jobs")), budget(c), true); err != nil {
			return err
		}
	}
	sums, err := results.Summarize(recs, plan.Reference)
	if err != nil {
		return err
	}
	// The tree sizes beside the matches, so that the directory is whole
	// for ablate report.
	if out != "" {
		if err := writeRunFiles(out, recs, sums); err != nil {
			return err
		}
	}
	byConfig := map[string]*results.Summary{}
	for i := range sums {
		byConfig[sums[i].Group+"\x00"+sums[i].Config] = &sums[i]
	}

	// Strength: each row against its group's reference.
	var rows []results.WorthRow
	for _, group := range groups {
		ref := plan.ReferenceOf(group)
		for i := range plan.Rows {
			row := &plan.Rows[i]
			if row.Group != group || row == ref {
				continue
			}
			sum := byConfig[group+"\x00"+row.Name]
			if sum == nil {
				return badInput(fmt.Errorf("the run has no records of %s / %s", group, row.Name))
			}
			a := match.Player{Name: row.Name, Spec: row.Spec, Subject: plan.Subject, Config: row.Config}
			b := match.Player{Name: ref.Name, Spec: ref.Spec, Subject: plan.Subject, Config: ref.Config}
			ms := s
			ms.Configs = []string{row.Name + "=" + row.Spec, ref.Name + "=" + ref.Spec}
			m, err := buildMatch(ms, a, b)
			if err != nil {
				return badInput(err)
			}
			fmt.Fprintf(c.App.ErrWriter, "match %s vs %s (%s): %d pairs, %s\n", row.Name, ref.Name, group, m.Pairs, m.Limits.String())
			res, err := worthMatch(c, m, ms, out, group, row.Name)
			if err != nil {
				return err
			}
			w := results.NewWorthRow(sum, res, m.Limits.String())
			w.Positions = row.Suite.Name
			rows = append(rows, w)
		}
	}
	if out != "" {
		f, err := os.Create(filepath.Join(out, "worth.csv"))
		if err != nil {
			return err
		}
		if err := results.WriteWorthCSV(f, rows); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	return results.RenderWorth(c.App.Writer, format, rows)
}

// worthMatch plays one match of a worth, in its own directory under out
// when there is one: a match already complete there with the same
// settings is reused, an interrupted one finished.
func worthMatch(c *cli.Context, m *match.Match, s matchSettings, out, group, config string) (*results.MatchResult, error) {
	dir := ""
	req, _ := json.Marshal(s)
	info := &results.MatchInfo{Args: append([]string{"ablate"}, os.Args[min(1, len(os.Args)):]...), Request: req,
		Started: time.Now().UTC()}
	if out != "" {
		dir = filepath.Join(out, "matches", slug(group)+"__"+slug(config))
		if prev, err := results.ReadMatchInfo(dir); err == nil {
			var was matchSettings
			if was.Shard.Count == 0 { // made before shards
				was.Shard = experiments.Whole
			}
			if json.Unmarshal(prev.Request, &was) != nil || !reflect.DeepEqual(was, s) {
				return nil, badInput(fmt.Errorf("%s holds a match made with other settings; remove it or use another --out", dir))
			}
			if prev.Complete && prev.Result != nil {
				fmt.Fprintf(c.App.ErrWriter, "  done already: %s\n", prev.Result.Line())
				return prev.Result, nil
			}
			done, err := match.ReadJournal(dir)
			if err != nil {
				return nil, err
			}
			m.Done, info = done, prev
		}
	}
	describeMatch(info, m, s)
	o, err := playMatch(c, m, dir, info)
	if err != nil {
		return nil, err
	}
	return o.Score.Result(m.SPRT), nil
}

// slug makes a name safe as a directory name.
func slug(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '+', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}
