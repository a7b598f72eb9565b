package command

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/term"
)

// Conventions are what the commands share: flags renamed, each flag's
// category in --help, and the widest line --help prints.
type Conventions struct {
	// Renamed are flags that were called otherwise before, new name to
	// old, by command ("" for every command that has the flag): the old
	// spelling stays, hidden, and sets the new.
	Renamed map[string]map[string]string
	// Categories lists the flags of each --help category; the same flag
	// is in the same category in every command.
	Categories map[string][]string
	HelpWidth  int
}

// OldSpellings lists a command's renamed flags, new name to old.
func (cv Conventions) OldSpellings(cmd string) map[string]string {
	out := map[string]string{}
	maps.Copy(out, cv.Renamed[""])
	maps.Copy(out, cv.Renamed[cmd])
	return out
}

// Apply gives every command of the app (and its subcommands) one-line
// usage errors, its renamed flags' old spellings and its flags'
// categories, and sets --help to write each flag's usage wrapped on
// lines of its own under its name, and --version to print the app's name
// and version.
func (cv Conventions) Apply(app *cli.App) {
	category := map[string]string{}
	for c, names := range cv.Categories {
		for _, n := range names {
			category[n] = c
		}
	}
	var each func(cmds []*cli.Command)
	each = func(cmds []*cli.Command) {
		for _, cmd := range cmds {
			cmd.OnUsageError = usageError
			cv.addOldSpellings(cmd)
			for _, f := range cmd.Flags {
				setCategory(f, category[f.Names()[0]])
			}
			each(cmd.Subcommands)
		}
	}
	each(app.Commands)
	app.OnUsageError = usageError
	cli.VersionPrinter = func(c *cli.Context) { fmt.Fprintf(c.App.Writer, "%s %s\n", c.App.Name, c.App.Version) }
	if defaultFlagString == nil {
		defaultFlagString = cli.FlagStringer
	}
	width := cv.HelpWidth
	cli.FlagStringer = func(f cli.Flag) string {
		s := defaultFlagString(f)
		names, usage, ok := strings.Cut(s, "\t")
		if !ok {
			return s
		}
		return names + "\n" + term.Wrap(usage, "        ", width)
	}
}

// defaultFlagString is the library's rendering of a flag: names, a tab,
// usage.
var defaultFlagString cli.FlagStringFunc

// setCategory sets a flag's Category: every flag type of urfave/cli has
// the field, and none a method that sets it.
func setCategory(f cli.Flag, cat string) {
	if v := reflect.ValueOf(f); v.Kind() == reflect.Pointer {
		if field := v.Elem().FieldByName("Category"); field.CanSet() && field.Kind() == reflect.String {
			field.SetString(cat)
		}
	}
}

// usageError makes a usage error one line and a hint on stderr, exit 2,
// rather than the whole help on stdout.
func usageError(c *cli.Context, err error, _ bool) error {
	name := "ablate"
	if c.Command != nil && c.Command.Name != "" {
		name += " " + c.Command.Name
	}
	return BadInput(fmt.Errorf("%v (see %s --help)", err, name))
}

// addOldSpellings gives a command each renamed flag's old spelling,
// hidden, whose value goes to the new one before the command runs.
func (cv Conventions) addOldSpellings(cmd *cli.Command) {
	old := cv.OldSpellings(cmd.Name)
	var added []string
	for _, f := range cmd.Flags {
		if o, ok := old[f.Names()[0]]; ok {
			cmd.Flags = append(cmd.Flags, hiddenCopy(f, o))
			added = append(added, f.Names()[0])
		}
	}
	if len(added) == 0 {
		return
	}
	cmd.Before = func(c *cli.Context) error {
		for _, name := range added {
			if c.IsSet(old[name]) && !c.IsSet(name) {
				if err := c.Set(name, fmt.Sprint(c.Value(old[name]))); err != nil {
					return err
				}
			}
		}
		return nil
	}
}

// hiddenCopy is a flag of f's kind under another name, hidden from help.
func hiddenCopy(f cli.Flag, name string) cli.Flag {
	usage := "the old name of --" + f.Names()[0]
	if _, ok := f.(*cli.IntFlag); ok {
		return &cli.IntFlag{Name: name, Hidden: true, Usage: usage}
	}
	return &cli.StringFlag{Name: name, Hidden: true, Usage: usage}
}

// ResumeChanges checks the flags given with --resume (or --continue)
// against the command line that began the directory (its args): a flag
// that would change the plan is refused, naming each difference. The
// flags in same change nothing of what is computed (-j, --quiet).
func (cv Conventions) ResumeChanges(c *cli.Context, began []string, same ...string) error {
	same = append(same, "resume", "continue", "out", "force", "help")
	now, err := parseCommandLine(c.Command, Line(c))
	if err != nil {
		return nil // the command line parsed once already
	}
	then, thenErr := parseCommandLine(c.Command, began)
	old := cv.OldSpellings(c.Command.Name)
	var diffs []string
	for _, f := range c.Command.Flags {
		name := f.Names()[0]
		v, given := flagValue(now, f, old[name])
		if slices.Contains(same, name) || slices.Contains(slices.Collect(maps.Values(old)), name) || !given {
			continue
		}
		if thenErr != nil {
			diffs = append(diffs, fmt.Sprintf("--%s %s", name, v))
			continue
		}
		if was, _ := flagValue(then, f, old[name]); was != v {
			diffs = append(diffs, fmt.Sprintf("--%s %s (it began with %s)", name, v, was))
		}
	}
	if len(diffs) == 0 {
		return nil
	}
	return fmt.Errorf("these flags would change what it computes: %s; give only the flags that do not (-j, --quiet), "+
		"or begin a new directory", strings.Join(diffs, ", "))
}

// parseCommandLine parses a stored command line (ablate CMD flags...) with
// the command's flags, without running anything.
func parseCommandLine(cmd *cli.Command, args []string) (*flag.FlagSet, error) {
	i := slices.Index(args, cmd.Name)
	if i < 0 {
		return nil, fmt.Errorf("no %s in %q", cmd.Name, args)
	}
	set := flag.NewFlagSet(cmd.Name, flag.ContinueOnError)
	set.SetOutput(io.Discard)
	for _, f := range cmd.Flags {
		if err := f.Apply(set); err != nil {
			return nil, err
		}
	}
	return set, set.Parse(args[i+1:])
}

// flagValue is a flag's value in a parsed command line, under whichever
// of its names (or its old spelling) was given (each name holds its own
// value), and whether one was.
func flagValue(set *flag.FlagSet, f cli.Flag, old string) (string, bool) {
	names := append(f.Names(), old)
	value, given := set.Lookup(names[0]).Value.String(), false
	set.Visit(func(g *flag.Flag) {
		if slices.Contains(names, g.Name) {
			value, given = g.Value.String(), true
		}
	})
	return value, given
}

// WriteReference writes the app's command-line reference to dir, as
// Markdown (cli.md) and as a man page (ablate.1), or with check only
// compares them with what dir holds (exit 1 if they differ). The version
// line is left out: it names the commit, which the files cannot hold.
func WriteReference(app *cli.App, dir string, check bool) error {
	a := *app
	a.Version = ""
	md, err := a.ToMarkdown()
	if err != nil {
		return err
	}
	man, err := a.ToManWithSection(1)
	if err != nil {
		return err
	}
	for name, text := range map[string][]byte{"cli.md": []byte(md), "ablate.1": []byte(man)} {
		path := filepath.Join(dir, name)
		if check {
			if have, err := os.ReadFile(path); err != nil || !bytes.Equal(have, text) {
				return cli.Exit(fmt.Sprintf("%s is not the app's reference: run make docs", path), ExitFailed)
			}
		} else if err := os.WriteFile(path, text, 0o644); err != nil {
			return err
		}
	}
	return nil
}
