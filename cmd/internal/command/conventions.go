package command

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
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
			refuseArguments(cmd)
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

// refuseArguments makes a command that takes no arguments (its ArgsUsage
// names none) refuse stray words, exit 2, rather than ignore them and run
// its default: "ablate run extra words" is a mistake, not the stages
// experiment.
func refuseArguments(cmd *cli.Command) {
	if cmd.ArgsUsage != "" || cmd.Action == nil {
		return
	}
	action := cmd.Action
	cmd.Action = func(c *cli.Context) error {
		if c.NArg() > 0 {
			return BadUsage("%s takes no arguments, got %q: flags go before them, and a value with spaces in quotes",
				cmd.Name, strings.Join(c.Args().Slice(), " "))
		}
		return action(c)
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
	if c.Command != nil && c.Command.HelpName != "" {
		name = c.Command.HelpName // "ablate tune spsa"
	} else if c.Command != nil && c.Command.Name != "" {
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
