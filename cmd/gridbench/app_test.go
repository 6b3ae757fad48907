package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// A value a flag cannot read is named with the flag as it is written and
// what the flag takes, not the flag package's "invalid value ... for flag
// -reps: parse error".
func TestFlagValueErrorsSayWhatTheFlagTakes(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"reproduce", "--reps", "x"}, `--reps "x": not a whole number`},
		{[]string{"reproduce", "-j", "1.5"}, `-j "1.5": not a whole number`},
		{[]string{"reproduce", "--quick=maybe"}, `--quick "maybe": not true or false`},
		{[]string{"study", "run", "s.toml", "--exec-timeout", "5"}, `--exec-timeout "5": not a duration, such as 500ms, 30s, 5m or 1h30m`},
		{[]string{"compare", "a", "b", "--alpha", "x"}, `--alpha "x": not a number`},
		{[]string{"etc", "generate", "--seed", "-5"}, `--seed "-5": not a whole number, 0 or more`},
		{[]string{"simulate", "--max-jobs", "99999999999999999999", "t.swf"}, `--max-jobs "99999999999999999999": out of range for a whole number`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), append([]string{"gridbench"}, tc.args...), &stdout, &stderr)
		if got := strings.TrimSpace(stderr.String()); code == 0 || got != "gridbench: "+tc.want {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, code, got, "gridbench: "+tc.want)
		}
	}
}
