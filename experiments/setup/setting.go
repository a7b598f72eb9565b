package setup

import (
	"errors"
	"fmt"
	"strings"
)

// SettingError is a bad setting: it names the setting as the command line
// spells it (pairs, openings-order, repeat), so that the command line can
// name its flag and an experiment file its key. Libraries name settings,
// never flags.
type SettingError struct {
	Setting string
	Msg     string
	err     error // what it wraps (%w), such as a file that could not be read
}

func (e *SettingError) Error() string { return e.Setting + " " + e.Msg }
func (e *SettingError) Unwrap() error { return e.err }

// BadSetting is a *SettingError; a %w in format wraps its argument, so
// that an unreadable file is still the machine's fault (exit 1).
func BadSetting(setting, format string, args ...any) error {
	e := fmt.Errorf(format, args...)
	return &SettingError{setting, e.Error(), errors.Unwrap(e)}
}

// InputError is bad input that is no one setting's (a plan that cannot be
// built from what was asked): a command's usage error, not a failure.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// IsBadInput reports whether err is the input's fault, not a failure of
// the work: a bad setting, a plan that cannot be built, an engine whose
// counts cannot be pinned.
func IsBadInput(err error) bool {
	var se *SettingError
	var ie *InputError
	var nd *NotDeterministic
	return errors.As(err, &se) || errors.As(err, &ie) || errors.As(err, &nd)
}

// NotDeterministic is an engine whose searches counted different nodes
// when repeated: its counts cannot be pinned, which is its fault (or its
// settings'), not the baseline's.
type NotDeterministic struct {
	Engine   string
	Searches []string // the searches that differed
	Of       int      // of how many compared twice
}

func (e *NotDeterministic) Error() string {
	return fmt.Sprintf("%s is not deterministic, so its node counts cannot be pinned: the same search counted "+
		"different nodes twice (%d of %d searches):\n  %s", e.Engine, len(e.Searches), e.Of, strings.Join(e.Searches, "\n  "))
}

// IsSettingError reports whether err names a setting, and which.
func IsSettingError(err error) (*SettingError, bool) {
	var se *SettingError
	ok := errors.As(err, &se)
	return se, ok
}
