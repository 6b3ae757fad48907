package filestudy

import (
	"context"
	"fmt"
	"runtime"
	"strings"

	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/spaceshared"
)

// simulateRecovering is spaceshared.SimulateTimed with a panic of the
// scheduler (a Go scheduler of the researcher's own module, registered
// with spaceshared.Register, has its bugs) turned into the run's error,
// naming the panic and where it happened: the run fails and the study
// goes on, as it does when an exec: scheduler dies, rather than the whole
// program ending with every other run unreported.
func simulateRecovering(ctx context.Context, algo string, p sim.Platform, jobs []sim.Job, sc sim.Scheduler) (recs []sim.Record, err error) {
	defer func() {
		if v := recover(); v != nil {
			recs, err = nil, fmt.Errorf("%s panicked: %v%s", algo, v, panicSite())
		}
	}()
	recs, _, err = spaceshared.SimulateTimed(ctx, p, jobs, sc)
	return recs, err
}

// panicSite is " at FUNCTION (FILE:LINE)" for the frame that panicked,
// called from the deferred function that recovered it: the first frame
// outside the runtime below runtime.gopanic; "" when there is none.
func panicSite() string {
	pc := make([]uintptr, 64)
	frames := runtime.CallersFrames(pc[:runtime.Callers(2, pc)])
	inPanic := false
	for {
		f, more := frames.Next()
		switch {
		case f.Function == "runtime.gopanic":
			inPanic = true
		case inPanic && !strings.HasPrefix(f.Function, "runtime."):
			return fmt.Sprintf(" at %s (%s:%d)", f.Function, f.File, f.Line)
		}
		if !more {
			return ""
		}
	}
}
