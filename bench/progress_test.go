package bench

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"
)

// clock is a fake time that each call advances by step.
func clock(step time.Duration) func() time.Time {
	t := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	return func() time.Time { t = t.Add(step); return t }
}

// Not a terminal: a line at every tenth of the runs, with the time left
// from the runs computed so far (reused ones cost nothing).
func TestProgressLinesEstimateTimeLeft(t *testing.T) {
	var b bytes.Buffer
	p := newProgress(&b, "demo", 100, 20)
	p.now = clock(time.Second) // every run takes a second
	p.start = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for range 80 {
		p.step()
	}
	p.finish()
	got := b.String()
	for _, want := range []string{
		"demo: reusing 20 of 100 runs already on disk\n",
		// 10 computed in 10 s, 70 to go.
		"demo: 30/100 runs (30%), 10.0s elapsed, about 70s left\n",
		"demo: 90/100 runs (90%), 70.0s elapsed, about 10s left\n",
		"demo: 100/100 runs done in 81.0s\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "\r") {
		t.Errorf("a log got terminal control characters:\n%q", got)
	}
}

// A run of minutes finishes no tenth of the work for that long: in a log
// the line comes again once quiet has passed without one, and on a
// terminal the line is redrawn as the seconds pass.
func TestProgressTicksWhileARunLasts(t *testing.T) {
	var b bytes.Buffer
	p := newProgress(&b, "demo", 4, 0)
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := t0
	p.now = func() time.Time { return at }
	p.start, p.told = t0, t0
	for _, s := range []int{1, 10, 29} {
		at = t0.Add(time.Duration(s) * time.Second)
		p.tick()
	}
	if b.Len() != 0 {
		t.Fatalf("a line before %v without one: %q", quiet, b.String())
	}
	at = t0.Add(31 * time.Second)
	p.tick()
	at = t0.Add(45 * time.Second)
	p.tick()
	if got, want := b.String(), "demo: 0/4 runs (0%), 31.0s elapsed\n"; got != want {
		t.Fatalf("after 31 s and 45 s: %q, want %q", got, want)
	}
	at = t0.Add(50 * time.Second)
	p.step() // the first tenth: a line, and the quiet counts from it
	b.Reset()
	at = t0.Add(75 * time.Second)
	p.tick()
	at = t0.Add(81 * time.Second)
	p.tick()
	if got, want := b.String(), "demo: 1/4 runs (25%), 81.0s elapsed, about 4 min left\n"; got != want {
		t.Fatalf("after a step at 50 s, ticks at 75 s and 81 s: %q, want %q", got, want)
	}

	var term bytes.Buffer
	q := newProgress(&term, "demo", 4, 0)
	q.terminal = true
	q.now = func() time.Time { return at }
	at = t0.Add(time.Second)
	q.start = t0
	q.tick()
	if got := term.String(); got != "\r\x1b[Kdemo: 0/4 runs (0%), 1.0s elapsed" {
		t.Fatalf("terminal: %q", got)
	}
}

// On a terminal: one line rewritten in place, at most every redraw, and
// ended by the final line.
func TestProgressTerminalLine(t *testing.T) {
	var b bytes.Buffer
	p := newProgress(&b, "demo", 1000, 0)
	p.terminal = true
	p.now = clock(50 * time.Millisecond)
	p.start = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for range 1000 {
		p.step()
	}
	p.finish()
	got := b.String()
	if n := strings.Count(got, "\n"); n != 1 || !strings.HasSuffix(got, "\r\x1b[Kdemo: 1000/1000 runs done in 50.0s\n") {
		t.Fatalf("%d lines, want the one final line:\n%q", n, got[max(0, len(got)-300):])
	}
	// One redraw per 200 ms of 50 ms runs: every fourth run.
	if n := strings.Count(got, "\r\x1b[K"); n != 251 {
		t.Errorf("%d redraws, want 251", n)
	}
	if !strings.Contains(got, "\r\x1b[Kdemo: 501/1000 runs (50%), 25.") || !strings.Contains(got, "s elapsed, about 25s left\r") {
		t.Errorf("no halfway line with its estimate:\n%q", got[:300])
	}
}

func TestRoughly(t *testing.T) {
	for d, want := range map[time.Duration]string{
		1400 * time.Millisecond: "1s", 119 * time.Second: "119s", 150 * time.Second: "3 min",
		119 * time.Minute: "119 min", 3*time.Hour + 5*time.Minute + 20*time.Second: "3h05",
	} {
		if got := roughly(d); got != want {
			t.Errorf("roughly(%v) = %q, want %q", d, got, want)
		}
	}
}

type wrapped struct{ io.Writer }

func (w wrapped) Unwrap() io.Writer { return w.Writer }

func TestIsTerminalLooksThroughWrappers(t *testing.T) {
	if isTerminal(wrapped{&bytes.Buffer{}}) {
		t.Error("a buffer is not a terminal")
	}
}

// TestSlowSaysWhatALongStepDoes checks that Slow writes its line once a
// step outlasts SlowAfter, and never for a step that ends before it.
func TestSlowSaysWhatALongStepDoes(t *testing.T) {
	defer func(d time.Duration) { SlowAfter = d }(SlowAfter)
	SlowAfter = 20 * time.Millisecond
	lines := make(lineChan, 2)
	end := Slow(lines, "x: writing\n")
	select {
	case got := <-lines:
		if got != "x: writing\n" {
			t.Fatalf("a step that outlasts SlowAfter: wrote %q, want its line", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a step that outlasts SlowAfter: no line in 10 s")
	}
	end()
	SlowAfter = 500 * time.Millisecond
	Slow(lines, "y: writing\n")()
	select {
	case got := <-lines:
		t.Fatalf("a step ended at once: wrote %q, want nothing", got)
	case <-time.After(700 * time.Millisecond):
	}
	Slow(nil, "z\n")() // nowhere to write: nothing to do
}

// lineChan is a writer that hands each write over as a string.
type lineChan chan string

func (c lineChan) Write(p []byte) (int, error) {
	c <- string(p)
	return len(p), nil
}
