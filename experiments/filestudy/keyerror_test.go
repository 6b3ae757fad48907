package filestudy_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/experiments/filestudy"
)

// TestKeyErrorFields: a caller reads where an error points from the
// KeyError's fields, not from its text.
func TestKeyErrorFields(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       filestudy.KeyError
	}{
		{"in a workload", strings.Replace(goodETC, `consistency = "i"`, `consistency = "x"`, 1),
			filestudy.KeyError{Line: 8, Table: "workload", Index: 1, Keys: []string{"consistency"}}},
		{"a missing key: its table's header", strings.Replace(goodETC, "task_heterogeneity = \"hi\"\n", "", 1),
			filestudy.KeyError{Line: 4, Table: "workload", Index: 1, Keys: []string{"task_heterogeneity"}}},
		{"top level", strings.Replace(good, `"easy"]`, `"easy", "easy"]`, 1),
			filestudy.KeyError{Line: 2, Keys: []string{"algorithms"}}},
		{"an alias", good + "[aliases]\n\"my.alg\" = \"exec:true\"\n",
			filestudy.KeyError{Line: 10, Keys: []string{"aliases.my.alg"}}},
		{"two keys", strings.Replace(goodTS, "jobs = 3", "jobs = 3\npercent = 10", 1),
			filestudy.KeyError{Line: 7, Table: "workload", Index: 1, Keys: []string{"jobs", "percent"}}},
		{"a claim", good + "[[claim]]\nalgorithm = \"easy\"\nbaseline = \"fcfs\"\nmetric = \"wait\"\ndirection = \"up\"\n",
			filestudy.KeyError{Line: 13, Table: "claim", Index: 1, Keys: []string{"direction"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			loadKeyError(t, strings.ReplaceAll(tc.text, "TRACE", tinyTrace(t)), tc.want)
		})
	}
}

// loadKeyError loads the study file text and checks that it fails with a
// KeyError in that file with want's line, table, entry index and keys
// (and entry name, when want has one); it returns the error.
func loadKeyError(t *testing.T, text string, want filestudy.KeyError) error {
	t.Helper()
	p := write(t, text)
	_, err := filestudy.Load(p)
	var ke *filestudy.KeyError
	if !errors.As(err, &ke) {
		t.Fatalf("err = %v (%T), want a *KeyError", err, err)
	}
	if ke.File != p || ke.Line != want.Line || ke.Table != want.Table || ke.Index != want.Index || !slices.Equal(ke.Keys, want.Keys) || ke.Err == nil ||
		want.Entry != "" && ke.Entry != want.Entry {
		t.Errorf("got %+v\nwant %+v in %s", *ke, want, p)
	}
	return err
}
