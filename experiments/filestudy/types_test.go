package filestudy_test

import (
	"strings"
	"testing"

	"github.com/gridbench/gridbench/experiments/filestudy"
)

// TestMistyped: a value of a type its key cannot take is a KeyError that
// names the entry and the key, says what was written and what the key
// takes, and how to write it where that is plain; the line is the key's.
func TestMistyped(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       filestudy.KeyError
		msg        string
	}{
		{"a number in quotes", strings.Replace(good, "jobs = 40", `jobs = "40"`, 1),
			filestudy.KeyError{Line: 7, Table: "workload", Index: 1, Keys: []string{"jobs"}},
			`key jobs: is the string "40"; want a whole number: write jobs = 40, without quotes`},
		{"the entry's name", strings.Replace(good, "jobs = 40", "name = \"w\"\njobs = 40.0", 1),
			filestudy.KeyError{Line: 8, Table: "workload", Index: 1, Entry: "w", Keys: []string{"jobs"}},
			`workload 1 (w): key jobs: is the number 40.0; want a whole number: write jobs = 40`},
		{"a float that is not whole", strings.Replace(good, "jobs = 40", "jobs = 40.5", 1),
			filestudy.KeyError{Line: 7, Table: "workload", Index: 1, Keys: []string{"jobs"}},
			`key jobs: is the number 40.5; want a whole number`},
		{"one string for an array", strings.Replace(good, `["fcfs", "easy"]`, `"easy"`, 1),
			filestudy.KeyError{Line: 2, Keys: []string{"algorithms"}},
			`key algorithms: is the string "easy"; want an array of strings in quotes: write algorithms = ["easy"]`},
		{"an array of mixed types", strings.Replace(good, `["fcfs", "easy"]`, `["fcfs", 3]`, 1),
			filestudy.KeyError{Line: 2, Keys: []string{"algorithms"}},
			`key algorithms: is an array holding the integer 3; want an array of strings in quotes`},
		{"a boolean in quotes", good + "[[claim]]\nalgorithm = \"easy\"\nbaseline = \"fcfs\"\nmetric = \"wait\"\ndirection = true\n",
			filestudy.KeyError{Line: 13, Table: "claim", Index: 1, Keys: []string{"direction"}},
			`claim 1: key direction: is true; want a string in quotes`},
		{"an alias", good + "[aliases]\nmine = 3\n",
			filestudy.KeyError{Line: 10, Keys: []string{"aliases.mine"}},
			`key aliases.mine: is the integer 3; want a string in quotes`},
		{"aliases not a table", "aliases = \"x\"\n" + good,
			filestudy.KeyError{Line: 1, Keys: []string{"aliases"}},
			`key aliases: is the string "x"; want a table [aliases] of NAME = "..." lines`},
		{"workload not a table", "workload = 3\n" + strings.Split(good, "[[workload]]")[0],
			filestudy.KeyError{Line: 1, Keys: []string{"workload"}},
			`key workload: is the integer 3; write each as a table [[workload]]`},
		{"one [workload] table", strings.Replace(good, "[[workload]]", "[workload]", 1),
			filestudy.KeyError{Line: 4, Keys: []string{"workload"}},
			`key workload: is a table; write each as a table [[workload]]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := loadKeyError(t, tc.text, tc.want)
			if got := err.Error(); !strings.HasSuffix(got, tc.msg) {
				t.Errorf("err = %s\nwant it to end with %s", got, tc.msg)
			}
		})
	}
}
