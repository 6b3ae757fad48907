package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/experiments/roundrobin"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/pipeline"
)

// skipSummary ends reproduce and run. Experiments (or parts of them) left
// out because an optional data set is absent are not failures: it lists
// them on stderr with the one command that fetches what they need, and
// returns only the real errors (bad input, a run that failed, an
// unwritable output, a damaged data file), so the exit status is 0 when
// everything that could run ran.
func skipSummary(c *cli.Context, outs []*pipeline.Outcome, err error) error {
	skips, failed := splitSkips(err)
	for _, o := range outs {
		for _, s := range o.Skipped {
			skips = append(skips, fmt.Errorf("%s: %w", o.Name, s))
		}
	}
	missing, all := datadir.Missing(errors.Join(skips...))
	var ids []string
	for _, m := range missing {
		if m.ID == "" {
			all = false
		} else if !slices.Contains(ids, m.ID) {
			ids = append(ids, m.ID)
		}
	}
	for _, o := range outs {
		if o.Name != roundrobin.Name {
			continue
		}
		if _, src, ferr := roundrobin.FindTrace(c.String("data")); ferr == nil && !src.Published {
			skips = append(skips, fmt.Errorf("%s ran on %s, not on the paper's AuverGrid trace (auvergrid/anon_jobs.gwf: %w)",
				roundrobin.Name, src.Label, datadir.ErrMissing))
			ids = append(ids, "auvergrid")
		}
	}
	if len(skips) == 0 {
		return failed
	}
	w := c.App.ErrWriter
	fmt.Fprintln(w, "\nleft out or replaced for lack of optional data (everything else ran):")
	for _, s := range skips {
		fmt.Fprintf(w, "  - %s\n", describeSkip(s))
	}
	slices.Sort(ids)
	cmd := "gridbench data fetch"
	if slices.ContainsFunc(ids, unpinned) {
		cmd += " --allow-unpinned"
	}
	if all {
		cmd += " " + strings.Join(ids, " ")
	}
	fmt.Fprintf(w, "fetch it with: %s   (`gridbench data` lists what is where)\n", cmd)
	return failed
}

// describeSkip shortens a missing-data error to what was left out and the
// files it lacked: "federation: missing LCG-2005-1/LCG.swf.gz".
func describeSkip(err error) string {
	head, _, _ := strings.Cut(err.Error(), "\n")
	missing, _ := datadir.Missing(err)
	if len(missing) == 0 {
		head, _, _ = strings.Cut(head, ";")
		return head
	}
	// "EXPERIMENT: CONFIGURATION: " and the missing file's own error.
	head = strings.TrimSuffix(head, ": "+missing[0].Error())
	var rels []string
	for _, m := range missing {
		rels = append(rels, m.Rel)
	}
	return head + ": missing " + strings.Join(rels, ", ")
}

// splitSkips separates, in the error Reproduce returned, the experiments
// left out for missing data (an error wrapping datadir.ErrMissing and not
// ErrCorrupt) from everything else.
func splitSkips(err error) (skips []error, failed error) {
	if err == nil {
		return nil, nil
	}
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	var rest []error
	for _, e := range errs {
		if errors.Is(e, datadir.ErrMissing) && !errors.Is(e, datadir.ErrCorrupt) {
			skips = append(skips, e)
		} else {
			rest = append(rest, e)
		}
	}
	return skips, errors.Join(rest...)
}

// unpinned reports whether the data set id has no pinned checksum
// (AuverGrid, the backfilling study's optional PWA logs): fetch takes it
// only with --allow-unpinned.
func unpinned(id string) bool {
	d, ok := datadir.Lookup(id)
	if !ok {
		return false
	}
	_, pinned := datadir.Pinned(d.Rel)
	return !pinned && len(datadir.PinnedUnder(d.Rel)) == 0
}
