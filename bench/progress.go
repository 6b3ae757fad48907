package bench

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress reports how far an experiment has got: a live bar on a terminal,
// and otherwise (CI logs, redirected stderr) a line at every tenth of the work.
type progress struct {
	w        io.Writer
	name     string
	total    int
	done     int
	start    time.Time
	bar      *progressbar.ProgressBar
	nextTell int
}

func newProgress(w io.Writer, name string, total, already int) *progress {
	p := &progress{w: w, name: name, total: total, done: already, start: time.Now()}
	if w == nil {
		return p
	}
	if f, ok := w.(*os.File); ok && isTerminal(f) {
		p.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription(name),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionThrottle(100*time.Millisecond))
		p.bar.Set(already)
		return p
	}
	if already > 0 {
		fmt.Fprintf(w, "%s: reusing %d of %d runs already on disk\n", name, already, total)
	}
	p.nextTell = p.done + max(1, total/10)
	return p
}

func (p *progress) step() {
	p.done++
	switch {
	case p.w == nil:
	case p.bar != nil:
		p.bar.Add(1)
	case p.done >= p.nextTell && p.done < p.total:
		el := time.Since(p.start)
		fmt.Fprintf(p.w, "%s: %d/%d runs (%d%%), %.1fs elapsed\n", p.name, p.done, p.total, 100*p.done/p.total, el.Seconds())
		p.nextTell = p.done + max(1, p.total/10)
	}
}

func (p *progress) finish() {
	if p.w == nil {
		return
	}
	if p.bar != nil {
		p.bar.Finish()
	}
	fmt.Fprintf(p.w, "%s: %d/%d runs done in %.1fs\n", p.name, p.done, p.total, time.Since(p.start).Seconds())
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
