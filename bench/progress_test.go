package bench

import (
	"bytes"
	"io"
	"strings"
	"sync"
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
	var b syncBuffer
	end := Slow(&b, "x: writing\n")
	for wait := time.Now(); b.String() == "" && time.Since(wait) < 10*time.Second; {
		time.Sleep(5 * time.Millisecond)
	}
	end()
	if got := b.String(); got != "x: writing\n" {
		t.Fatalf("a step that outlasts SlowAfter: wrote %q, want its line", got)
	}
	SlowAfter = 500 * time.Millisecond
	var q syncBuffer
	Slow(&q, "y: writing\n")()
	time.Sleep(700 * time.Millisecond)
	if got := q.String(); got != "" {
		t.Fatalf("a step ended at once: wrote %q, want nothing", got)
	}
	Slow(nil, "z\n")() // nowhere to write: nothing to do
}

// syncBuffer is a bytes.Buffer safe to write from Slow's timer.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
