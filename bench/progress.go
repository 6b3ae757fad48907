package bench

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// progress reports how far an experiment has got and about how long the
// rest will take: on a terminal one line rewritten in place (at most every
// redraw), and otherwise (CI logs, redirected stderr) a line at every
// tenth of the work.
//
// The time left is the time the runs computed so far took on average
// times the runs still to do: runs reused from disk cost nothing and do
// not count. It is shown once a run has been computed.
type progress struct {
	w        io.Writer
	name     string
	total    int
	done     int // runs finished, reused ones included
	already  int // runs reused from disk
	start    time.Time
	now      func() time.Time
	terminal bool
	drawn    time.Time // when the terminal line was last written
	nextTell int
	told     time.Time // when a line was last written (not on a terminal)
}

// quiet is the longest a log goes without a progress line while runs are
// under way: a run of minutes (CONS on a long log) finishes no tenth of
// the work for that long.
const quiet = 30 * time.Second

// redraw is how often the terminal line is rewritten at most.
const redraw = 200 * time.Millisecond

func newProgress(w io.Writer, name string, total, already int) *progress {
	p := &progress{w: w, name: name, total: total, done: already, already: already, now: time.Now}
	p.start = p.now()
	p.told = p.start
	if w == nil {
		return p
	}
	p.terminal = isTerminal(w)
	if already > 0 && !p.terminal {
		fmt.Fprintf(w, "%s: reusing %d of %d runs already on disk\n", name, already, total)
	}
	p.nextTell = p.done + max(1, total/10)
	return p
}

// left estimates the time the remaining runs take, and whether there is
// an estimate yet.
func (p *progress) left(elapsed time.Duration) (time.Duration, bool) {
	computed := p.done - p.already
	if computed <= 0 {
		return 0, false
	}
	return time.Duration(float64(elapsed) / float64(computed) * float64(p.total-p.done)), true
}

// line is the progress so far, e.g. "deadline: 450/890 runs (50%), 30.1s
// elapsed, about 30s left".
func (p *progress) line(elapsed time.Duration) string {
	s := fmt.Sprintf("%s: %d/%d runs (%d%%), %.1fs elapsed", p.name, p.done, p.total, 100*p.done/max(p.total, 1), elapsed.Seconds())
	if l, ok := p.left(elapsed); ok {
		s += ", about " + roughly(l) + " left"
	}
	return s
}

// roughly renders d to the precision an estimate has: seconds under two
// minutes, then minutes, then hours and minutes.
func roughly(d time.Duration) string {
	switch {
	case d < 2*time.Minute:
		return fmt.Sprintf("%ds", int(d.Round(time.Second)/time.Second))
	case d < 2*time.Hour:
		return fmt.Sprintf("%d min", int(d.Round(time.Minute)/time.Minute))
	}
	d = d.Round(time.Minute)
	return fmt.Sprintf("%dh%02d", int(d/time.Hour), int(d%time.Hour/time.Minute))
}

func (p *progress) step() {
	p.done++
	if p.w == nil {
		return
	}
	p.show(p.now(), p.done >= p.nextTell && p.done < p.total)
	if !p.terminal && p.done >= p.nextTell {
		p.nextTell = p.done + max(1, p.total/10)
	}
}

// tick is called every second or so while runs are under way: on a
// terminal it redraws the line, so its elapsed time moves while a long run
// finishes none, and elsewhere it writes the line once quiet has passed
// without one.
func (p *progress) tick() {
	if p.w == nil || p.done >= p.total {
		return
	}
	now := p.now()
	p.show(now, now.Sub(p.told) >= quiet)
}

// tickUntil calls tick every second, holding mu (the lock under which
// the runner steps p), until stop is closed.
func (p *progress) tickUntil(stop <-chan struct{}, mu *sync.Mutex) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			mu.Lock()
			p.tick()
			mu.Unlock()
		}
	}
}

// show redraws the terminal line if redraw has passed since it was last
// drawn, or, in a log, writes the line if tell.
func (p *progress) show(now time.Time, tell bool) {
	switch {
	case p.terminal:
		if now.Sub(p.drawn) >= redraw {
			// Back to the line's start, clear it, and write it again.
			fmt.Fprintf(p.w, "\r\x1b[K%s", p.line(now.Sub(p.start)))
			p.drawn = now
		}
	case tell:
		fmt.Fprintln(p.w, p.line(now.Sub(p.start)))
		p.told = now
	}
}

func (p *progress) finish() {
	if p.w == nil {
		return
	}
	clear := ""
	if p.terminal {
		clear = "\r\x1b[K"
	}
	fmt.Fprintf(p.w, "%s%s: %d/%d runs done in %.1fs\n", clear, p.name, p.done, p.total, p.now().Sub(p.start).Seconds())
}

// isTerminal reports whether w is a terminal, looking through writers
// that wrap another (an Unwrap method, as experiments' serialising writer
// has).
func isTerminal(w io.Writer) bool {
	for {
		switch x := w.(type) {
		case *os.File:
			st, err := x.Stat()
			return err == nil && st.Mode()&os.ModeCharDevice != 0
		case interface{ Unwrap() io.Writer }:
			w = x.Unwrap()
		default:
			return false
		}
	}
}

// SlowAfter is how long a step goes on before Slow says what it is doing.
var SlowAfter = 3 * time.Second

// Slow writes line to w (nil: nowhere) if the step it names is still
// under way after SlowAfter, so that a long step after the runs (writing
// millions of points, the report of thousands of repetitions) says what
// it is doing rather than leaving the last line, "runs done", standing.
// The returned func ends the step: once it returns, the line has been
// written whole or never will be.
func Slow(w io.Writer, line string) (end func()) {
	if w == nil {
		return func() {}
	}
	if isTerminal(w) {
		line = "\r\x1b[K" + line // (over another experiment's progress line)
	}
	var mu sync.Mutex
	ended := false
	t := time.AfterFunc(SlowAfter, func() {
		mu.Lock()
		defer mu.Unlock()
		if !ended {
			io.WriteString(w, line)
		}
	})
	return func() {
		t.Stop()
		mu.Lock()
		ended = true
		mu.Unlock()
	}
}
