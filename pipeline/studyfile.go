package pipeline

import (
	"cmp"
	"context"
	"fmt"
	"io"

	"github.com/gridbench/gridbench/experiments/filestudy"
)

// RunStudy loads the study file at path and runs it like `gridbench study
// run`: through Reproduce with opts (its Only is replaced), so the
// results, the report page and the workbook land below opts.Out. A program
// of your own that registered schedulers with spaceshared.Register calls
// it to run studies that name them. A run that fails does not stop the
// study: the report leaves it out, the error says how many failed, and the
// next RunStudy retries them.
func RunStudy(ctx context.Context, path string, opts Options) (*Outcome, error) {
	s, err := filestudy.Open(path, opts.Out)
	if err != nil {
		return nil, err
	}
	progress := cmp.Or(opts.Progress, io.Discard)
	s.SetProgress(progress)
	defer s.SetProgress(nil)
	for _, w := range s.PowerWarnings(opts.Config.Filled(s).Reps) {
		fmt.Fprintf(progress, "%s: warning: %s\n", s.Name(), w)
	}
	opts.Only = []string{s.Name()}
	outs, err := Reproduce(ctx, opts)
	f := s.Failures()
	for _, line := range s.FailureGroups() {
		fmt.Fprintf(progress, "%s: failed: %s\n", s.Name(), line)
	}
	if err != nil {
		if len(f) > 0 && ctx.Err() == nil {
			// Every run failed, say, and the report has nothing to show:
			// the failures say why.
			return nil, fmt.Errorf("%w; %d runs failed (the next study run retries them); first: %s", err, len(f), f[0])
		}
		return nil, err
	}
	if len(f) > 0 {
		return outs[0], fmt.Errorf("%s: %d of %d runs failed (the report leaves them out; the next study run retries them); first: %s",
			s.Name(), len(f), len(outs[0].Result.Manifest.Runs), f[0])
	}
	return outs[0], nil
}
