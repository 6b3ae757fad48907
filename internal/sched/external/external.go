package external

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/gridbench/gridbench/internal/sim"
)

// Protocol is the version of docs/scheduler-protocol.md spoken here.
const Protocol = 1

// Prefix marks an external scheduler in an algorithm name: "exec:COMMAND ARGS".
const Prefix = "exec:"

// DefaultTimeout is how long a scheduler may take to answer one message.
const DefaultTimeout = 30 * time.Second

// StartTimeout is the least time a scheduler has to answer hello: starting
// an interpreter on a busy machine can take seconds.
const StartTimeout = 30 * time.Second

// Scheduler is an external process behind sim.Scheduler. It starts the
// process at the first decision; call Close when the run is over.
type Scheduler struct {
	// Transcript, when set, receives every line exchanged: "> " and the
	// message sent, "< " and the answer (docs/scheduler-protocol.md's
	// transcript is one).
	Transcript io.Writer

	argv         []string
	timeout      time.Duration
	timeoutGiven bool            // by New or the command line, not defaulted
	ctx          context.Context // its end kills the process group at once
	stopCtx      func() bool     // unregisters that kill

	cmd     *exec.Cmd     // the supervisor on Linux (process_linux.go), else the scheduler
	pipe    *pipes        // stdin and stdout, of our own: both have deadlines
	rd      *bufio.Reader // answers, read on the calling goroutine
	long    []byte        // a line longer than rd's buffer, gathered
	stderr  *tail
	exited  chan struct{} // closed once the process has exited
	waitErr error         // how it exited, valid once exited is closed
	failed  bool
	closed  bool

	submitted []int // since the last message
	completed []int

	buf bytes.Buffer
	out struct { // the message being built, reused across decisions
		Type      string   `json:"type"`
		Time      float64  `json:"time"`
		Submitted []jobMsg `json:"submitted"`
		Completed []int    `json:"completed"`
		Free      []int    `json:"free"`
	}
	decisions int // messages that expected a start answer

	last     []byte  // the last answer read, for the error of a line after it
	lastT    float64 // the time of the decide it answered
	lastHelo bool    // it answered hello
}

type jobMsg struct {
	Job      int      `json:"job"`
	ID       int64    `json:"id"`
	Submit   float64  `json:"submit"`
	CPUs     int      `json:"cpus"`
	Estimate float64  `json:"estimate"`
	Deadline *float64 `json:"deadline,omitempty"`
}

// New returns the scheduler that runs command, split at white space (no
// quoting), answering each message within timeout (0: the default set by
// SetDefaults, else DefaultTimeout). Its process ends when the context
// given to SetDefaults ends.
func New(command string, timeout time.Duration) (*Scheduler, error) {
	argv := strings.Fields(command)
	if len(argv) == 0 {
		return nil, fmt.Errorf("%s: empty command (want %sCOMMAND ARGS)", Prefix, Prefix)
	}
	if err := CheckTimeout(timeout); err != nil {
		return nil, err
	}
	ctx, def := defaultsNow()
	given := timeout > 0 || def > 0
	if timeout <= 0 {
		timeout = cmp.Or(def, DefaultTimeout)
	}
	return &Scheduler{argv: argv, timeout: timeout, timeoutGiven: given, ctx: ctx}, nil
}

// SetFileTimeout sets the answer timeout a study file asks for (its key
// exec_timeout), checked as New checks one, unless the timeout was given
// to New or by the command line (SetDefaults): those win. Call it before
// the run starts.
func (x *Scheduler) SetFileTimeout(timeout time.Duration) error {
	if err := CheckTimeout(timeout); err != nil {
		return err
	}
	if timeout > 0 && !x.timeoutGiven {
		x.timeout = timeout
	}
	return nil
}

// Name returns the algorithm name, "exec:" and the command.
func (x *Scheduler) Name() string { return Prefix + strings.Join(x.argv, " ") }

// Decisions returns how many decide messages were answered.
func (x *Scheduler) Decisions() int { return x.decisions }

// OnArrival queues j for the next message.
func (x *Scheduler) OnArrival(_ *sim.State, j int) { x.submitted = append(x.submitted, j) }

// OnCompletion queues j for the next message.
func (x *Scheduler) OnCompletion(_ *sim.State, j int) { x.completed = append(x.completed, j) }

// Schedule sends the instant's news and applies the answer. With no job
// waiting the only valid answer is to start nothing, so the news waits
// for the next message instead of costing a round trip.
func (x *Scheduler) Schedule(s *sim.State) {
	if x.failed {
		return
	}
	if x.cmd == nil {
		if err := x.start(s); err != nil {
			x.fail(s, err)
			return
		}
	}
	if s.QueueLen() == 0 {
		return
	}
	if x.pipe.pending() {
		// Nothing was asked since the last answer: a line too many. Sent
		// this message, it would be read as the answer.
		x.fail(s, fmt.Errorf("t=%g: %w", s.Now(), x.unasked()))
		return
	}
	msg := x.decide(s)
	b, err := x.ask(msg, x.timeout)
	if err != nil {
		x.fail(s, fmt.Errorf("t=%g: %w", s.Now(), err))
		return
	}
	x.decisions++
	x.last, x.lastT, x.lastHelo = append(x.last[:0], b...), s.Now(), false
	if err := apply(s, b); err != nil {
		x.fail(s, fmt.Errorf("t=%g: answered %s: %w", s.Now(), clip(b), err))
	}
}

func (x *Scheduler) fail(s *sim.State, err error) {
	x.failed = true
	s.Fail(fmt.Errorf("%s: %w", x.Name(), err))
	x.Close()
}

// decide builds the decide message of the current instant.
func (x *Scheduler) decide(s *sim.State) []byte {
	o := &x.out
	o.Type, o.Time = "decide", s.Now()
	if o.Submitted == nil { // empty lists, never null
		o.Submitted, o.Completed, o.Free = []jobMsg{}, []int{}, []int{}
	}
	o.Submitted = o.Submitted[:0]
	for _, j := range x.submitted {
		job := s.Job(j)
		m := jobMsg{Job: j, ID: job.ID, Submit: job.Submit, CPUs: job.CPUs, Estimate: job.Est()}
		if job.HasDeadline {
			d := job.Deadline
			m.Deadline = &d
		}
		o.Submitted = append(o.Submitted, m)
	}
	o.Completed = append(o.Completed[:0], x.completed...)
	x.submitted, x.completed = x.submitted[:0], x.completed[:0]
	o.Free = o.Free[:0]
	for m := range s.Platform().Machines {
		o.Free = append(o.Free, s.Free(m))
	}
	x.buf.Reset()
	if b, ok := appendDecide(x.buf.AvailableBuffer(), o.Time, o.Submitted, o.Completed, o.Free); ok {
		x.buf.Write(b)
		return x.buf.Bytes()
	}
	return x.encode(o)
}

func (x *Scheduler) encode(v any) []byte {
	x.buf.Reset()
	if err := json.NewEncoder(&x.buf).Encode(v); err != nil {
		panic("external: " + err.Error()) // our own message types always encode
	}
	return x.buf.Bytes()
}

// answer is a scheduler's reply to a decide message.
type answer struct {
	Start *[]struct {
		Job     *int `json:"job"`
		Machine *int `json:"machine"`
	} `json:"start"`
}

// apply checks every start of the answer b against the state and starts
// the jobs in the order given.
func apply(s *sim.State, b []byte) error {
	if ok, err := scanStarts(b, func(j, m int) error { return startOne(s, j, m) }); ok {
		return err
	}
	return applyJSON(s, b)
}

// applyJSON is apply through encoding/json: any answer scanStarts does not
// take (other spacing or key order, unknown fields, errors), with the same
// messages it always gave.
func applyJSON(s *sim.State, b []byte) error {
	var a answer
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return fmt.Errorf("not a valid answer (%v); want {\"start\": [{\"job\": J, \"machine\": M}, ...]}", err)
	}
	if dec.More() {
		// Two answers on one line: which one is meant?
		return fmt.Errorf("not a valid answer (more after the first JSON value); want one {\"start\": [...]} per line")
	}
	if err := checkAnswerKeys(b); err != nil {
		return err
	}
	if a.Start == nil {
		return fmt.Errorf("no \"start\" list; want {\"start\": [...]} (empty to start nothing)")
	}
	for i, st := range *a.Start {
		if st.Job == nil || st.Machine == nil {
			return fmt.Errorf("start %d lacks \"job\" or \"machine\"", i)
		}
		if err := startOne(s, *st.Job, *st.Machine); err != nil {
			return err
		}
	}
	return nil
}

// startOne checks one start of an answer against the state and starts
// the job.
func startOne(s *sim.State, j, m int) error {
	switch {
	case j < 0 || j >= s.NumJobs():
		return fmt.Errorf("job %d is unknown (jobs are 0..%d)", j, s.NumJobs()-1)
	case s.Status(j) != sim.Waiting:
		return fmt.Errorf("job %d is %v, not waiting", j, s.Status(j))
	case m < 0 || m >= len(s.Platform().Machines):
		return fmt.Errorf("job %d on machine %d: no such machine (machines are 0..%d)", j, m, len(s.Platform().Machines)-1)
	case !s.Fits(j, m):
		return fmt.Errorf("job %d needs %d CPUs, machine %d has %d free", j, s.Job(j).CPUs, m, s.Free(m))
	}
	s.Start(j, m) // cannot fail: checked above
	return nil
}

// hello is the first message; ready is its answer.
type hello struct {
	Type     string   `json:"type"`
	Protocol int      `json:"protocol"`
	Platform platform `json:"platform"`
	Jobs     int      `json:"jobs"`
}

type platform struct {
	Machines []machine `json:"machines"`
	RefSpeed float64   `json:"ref_speed"`
}

type machine struct {
	CPUs  int     `json:"cpus"`
	Speed float64 `json:"speed"`
}

type ready struct {
	Type     string `json:"type"`
	Protocol int    `json:"protocol"`
}

// start launches the process and exchanges hello and ready.
func (x *Scheduler) start(s *sim.State) error {
	if err := x.ctx.Err(); err != nil {
		return fmt.Errorf("not started: interrupted (%v)", context.Cause(x.ctx))
	}
	cmd, err := command(x.argv)
	if err != nil {
		return fmt.Errorf("cannot start: %w", err)
	}
	x.cmd = cmd
	// The pipes are our own, not exec's: Wait then neither waits for nor
	// closes them, so a process the scheduler forked that keeps one open
	// cannot hold gridbench up, and reads and writes have a deadline.
	pipe, childIn, childOut, err := openPipes()
	if err != nil {
		return fmt.Errorf("cannot start: %w", err)
	}
	errR, childErr, err := os.Pipe()
	if err != nil {
		closeAll([]*os.File{childIn, childOut})
		pipe.close()
		return fmt.Errorf("cannot start: %w", err)
	}
	x.cmd.Stdin, x.cmd.Stdout, x.cmd.Stderr = childIn, childOut, childErr
	err = x.cmd.Start()
	closeAll([]*os.File{childIn, childOut, childErr})
	if err != nil {
		pipe.close()
		errR.Close()
		return fmt.Errorf("cannot start: %w", err)
	}
	x.pipe = pipe
	x.rd = bufio.NewReaderSize(pipe, 64<<10)
	// Ctrl-C: a read or write waiting in ask returns at once, and the
	// group ends.
	proc := x.cmd.Process
	x.stopCtx = context.AfterFunc(x.ctx, func() {
		pipe.interrupt()
		killGroup(proc)
	})
	x.stderr = &tail{}
	stderrDone := make(chan struct{})
	go func() {
		io.Copy(x.stderr, errR)
		errR.Close()
		close(stderrDone)
	}()
	x.exited = make(chan struct{})
	go func() {
		x.waitErr = x.cmd.Wait()
		// What the scheduler forked may still hold its pipes: end the
		// group so that they close, and give stderr a moment to drain.
		killGroup(x.cmd.Process)
		select {
		case <-stderrDone:
		case <-time.After(time.Second):
		}
		close(x.exited)
	}()
	p := s.Platform()
	h := hello{Type: "hello", Protocol: Protocol, Jobs: s.NumJobs(), Platform: platform{RefSpeed: p.Ref()}}
	for _, m := range p.Machines {
		h.Platform.Machines = append(h.Platform.Machines, machine{m.CPUs, m.Speed})
	}
	b, err := x.ask(x.encode(h), max(x.timeout, StartTimeout))
	if err != nil {
		return fmt.Errorf("hello: %w", err)
	}
	var r ready
	err = json.Unmarshal(b, &r)
	if err == nil {
		if err := checkReadyKeys(b); err != nil {
			return fmt.Errorf("hello: answered %s: %w", clip(b), err)
		}
	}
	if err != nil || r.Type != "ready" {
		return fmt.Errorf("hello: answered %s: want {\"type\": \"ready\", \"protocol\": %d}", clip(b), Protocol)
	}
	if r.Protocol != Protocol {
		return fmt.Errorf("hello: scheduler speaks protocol %d, gridbench speaks %d", r.Protocol, Protocol)
	}
	x.last, x.lastHelo = append(x.last[:0], b...), true
	return nil
}

// unasked returns the error of output found waiting before a message was
// sent, quoting its first line (as much of it as has come) and the answer
// it followed.
func (x *Scheduler) unasked() error {
	x.pipe.setDeadline(time.Now().Add(100 * time.Millisecond))
	x.rd.Peek(1) // reads what has come; there is some, so it does not wait
	more, _ := x.rd.Peek(x.rd.Buffered())
	line, _, _ := bytes.Cut(more, newline)
	after := fmt.Sprintf("at t=%g", x.lastT)
	if x.lastHelo {
		after = "to hello"
	}
	return fmt.Errorf("answered %s %s and then %s before gridbench's next message: %w", clip(x.last), after, clip(bytes.TrimSpace(line)), errSurplus)
}

func closeAll(groups ...[]*os.File) {
	for _, g := range groups {
		for _, f := range g {
			if f != nil {
				f.Close()
			}
		}
	}
}

// errLineTooLong is the read error for a line over MaxLine bytes.
var errLineTooLong = fmt.Errorf("wrote a line longer than %d bytes (16 MiB, the limit) without a newline", MaxLine)

// readLine returns the next line of the scheduler's stdout without its
// surrounding white space, valid until the next call: io.EOF at exit,
// errLineTooLong for a line over MaxLine, os.ErrDeadlineExceeded when the
// deadline passed, errInterrupted once the context ended.
func (x *Scheduler) readLine() ([]byte, error) {
	x.long = x.long[:0]
	gathering := false
	for {
		b, err := x.rd.ReadSlice('\n')
		if len(x.long)+len(b) > MaxLine {
			return nil, errLineTooLong
		}
		if err == bufio.ErrBufferFull || gathering {
			x.long = append(x.long, b...)
			b, gathering = x.long, true
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			return nil, err
		}
		return bytes.TrimSpace(b), nil
	}
}

// ask writes msg and waits for one answer line, valid until the next ask.
// Both wait on the calling goroutine, with a deadline: no goroutine,
// channel or timer per message.
func (x *Scheduler) ask(msg []byte, timeout time.Duration) ([]byte, error) {
	x.log("> ", msg, nil)
	x.pipe.setDeadline(time.Now().Add(timeout))
	if err := x.pipe.write(msg); err != nil {
		switch {
		case x.ctx.Err() != nil || err == errInterrupted:
			return nil, x.interrupted(msg)
		case errors.Is(err, os.ErrDeadlineExceeded):
			return nil, fmt.Errorf("sent %s: the scheduler read none of it within %v%s", sent(msg), timeout, timeoutHint)
		}
		return nil, fmt.Errorf("sent %s: %w", sent(msg), x.exitReason(err))
	}
	b, err := x.readLine()
	switch {
	case err == nil && x.rd.Buffered() > 0:
		// More came with the answer: a second line for one message. Read
		// as the next answer, it would put every answer after it one
		// message late, and starts that fit would be applied at the
		// wrong instants without a word.
		more, _ := x.rd.Peek(x.rd.Buffered())
		return nil, fmt.Errorf("sent %s: answered %s and then %s: %w", sent(msg), clip(b), clip(bytes.TrimSpace(more)), errSurplus)
	case err == nil:
		x.log("< ", b, newline)
		return b, nil
	case x.ctx.Err() != nil || err == errInterrupted:
		return nil, x.interrupted(msg)
	case err == errLineTooLong:
		return nil, fmt.Errorf("sent %s: the scheduler %w", sent(msg), err)
	case errors.Is(err, os.ErrDeadlineExceeded):
		return nil, fmt.Errorf("sent %s: no answer within %v%s", sent(msg), timeout, timeoutHint)
	}
	return nil, fmt.Errorf("sent %s: no answer: %w", sent(msg), x.exitReason(err))
}

// timeoutHint ends a timeout's error with what sets the timeout: a
// scheduler that is slow rather than stuck needs only a longer one.
const timeoutHint = " (the answer timeout: --exec-timeout, or a study file's exec_timeout, sets it)"

// errSurplus is the error of output beyond one line per message.
var errSurplus = errors.New("one line per message, and nothing after end")

// errInterrupted is the read or write error once the context has ended.
var errInterrupted = errors.New("interrupted")

var newline = []byte{'\n'}

// sent is msg as an error quotes it.
func sent(msg []byte) string { return clip(bytes.TrimSpace(msg)) }

func (x *Scheduler) interrupted(msg []byte) error {
	return fmt.Errorf("sent %s: interrupted (%v)", sent(msg), context.Cause(x.ctx))
}

// exitReason waits briefly for the process and says how it ended.
func (x *Scheduler) exitReason(err error) error {
	select {
	case <-x.exited:
		msg := "the scheduler exited"
		if x.waitErr != nil {
			msg += " (" + x.waitErr.Error() + ")"
		}
		if q := x.stderr.quote(); q != "" {
			msg += "; " + q
		}
		return errors.New(msg)
	case <-time.After(time.Second):
		return err
	}
}

// Close ends the conversation: an end message, stdin closed, and the
// process killed if it has not exited a second later. It is safe to call
// more than once. After a run that did not fail, it reports output the
// scheduler wrote beyond one line per message (errSurplus): with a line
// too many, every answer gridbench read was one message late, and the run
// must not count.
func (x *Scheduler) Close() error {
	if x.pipe == nil || x.closed {
		return nil // never started, or closed
	}
	x.closed = true
	end := []byte("{\"type\":\"end\"}\n")
	x.log("> ", end, nil)
	x.pipe.setDeadline(time.Now().Add(time.Second))
	x.pipe.write(end)
	x.pipe.closeStdin()
	select {
	case <-x.exited:
	case <-time.After(time.Second):
		killGroup(x.cmd.Process)
		<-x.exited // at most a second more: the group is gone, stderr drains
	}
	var err error
	if !x.failed {
		err = x.surplus()
	}
	x.stopCtx()
	x.pipe.close()
	return err
}

// surplus reads what the exited scheduler left on its standard output, for
// at most 100 ms (a process it started may still hold the pipe), and
// returns errSurplus quoting its first line when there is any.
func (x *Scheduler) surplus() error {
	x.pipe.setDeadline(time.Now().Add(100 * time.Millisecond))
	for {
		b, err := x.readLine()
		if err != nil {
			return nil // the end of the output, or no more within the deadline
		}
		if len(b) > 0 {
			return fmt.Errorf("%s: wrote %s after its last answer: %w", x.Name(), clip(b), errSurplus)
		}
	}
}

func (x *Scheduler) log(dir string, line, end []byte) {
	if x.Transcript != nil {
		io.WriteString(x.Transcript, dir)
		x.Transcript.Write(line)
		x.Transcript.Write(end)
	}
}

// clip shortens a message for an error line.
func clip(b []byte) string {
	const max = 200
	s := string(b)
	if len(s) > max {
		s = s[:max] + fmt.Sprintf("… (%d bytes)", len(b))
	}
	return s
}

// tail keeps what a dead scheduler's error quotes from its stderr: the
// last stderrLines non-empty lines, and the last line that names an error
// (namesError) wherever it came. A fixed tail alone cut off Node's "Error:
// Cannot find module ..." under the stack trace and the closing banner
// that follow it. Memory is bounded: every kept line is clipped to
// maxStderrLine bytes, and so is a line still being written.
//
// Draining costs next to nothing, for a scheduler blocks on a full stderr
// pipe while gridbench waits for its answer: lines are kept in buffers
// reused from line to line, and the error words are found by a byte scan,
// not a regular expression (which drained 2 MB/s, and a scheduler writing
// 5 MB of stderr missed a 500 ms answer timeout).
type tail struct {
	mu      sync.Mutex
	partial []byte              // the line being written, clipped
	clipped bool                // partial lost bytes
	lines   [stderrLines][]byte // the last complete non-empty lines, a ring
	first   int                 // the oldest of them in lines
	kept    int                 // how many lines holds
	n       int                 // non-empty lines seen
	total   int                 // lines seen, empty ones too
	cause   []byte              // the last line naming an error
	causeN  int                 // its number among the non-empty lines, 1-based (0: none)
	causeAt int                 // its line number
}

// stderrLines is how many of a dead scheduler's last stderr lines its
// error quotes: one is often an interpreter's closing banner, not the cause.
const stderrLines = 5

// maxStderrLine bounds a quoted stderr line.
const maxStderrLine = 300

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		chunk := p
		if i >= 0 {
			chunk = p[:i]
		}
		if room := maxStderrLine - len(t.partial); len(chunk) > room {
			t.partial = append(t.partial, chunk[:max(room, 0)]...)
			t.clipped = true
		} else {
			t.partial = append(t.partial, chunk...)
		}
		if i < 0 {
			break
		}
		t.endLine()
		p = p[i+1:]
	}
	return n, nil
}

// ellipsis marks a clipped line.
const ellipsis = "…"

// endLine files the line being written.
func (t *tail) endLine() {
	l := t.partial
	if !utf8.Valid(l) { // rare: the copy ToValidUTF8 makes is affordable
		l = []byte(strings.ToValidUTF8(string(l), ""))
	}
	l = bytes.TrimSpace(l)
	clipped := t.clipped
	t.total++
	if len(l) == 0 && !clipped {
		t.partial, t.clipped = t.partial[:0], false
		return
	}
	t.n++
	slot := (t.first + t.kept) % stderrLines
	if t.kept == stderrLines {
		slot, t.first = t.first, (t.first+1)%stderrLines
	} else {
		t.kept++
	}
	kept := append(t.lines[slot][:0], l...)
	if clipped {
		kept = append(kept, ellipsis...)
	}
	t.lines[slot] = kept
	t.partial, t.clipped = t.partial[:0], false
	if namesError(kept) {
		t.cause, t.causeN, t.causeAt = append(t.cause[:0], kept...), t.n, t.total
	}
}

// quote returns what an error quotes of the stderr written so far, on one
// line: the last stderrLines non-empty lines joined by " | ", preceded by
// the last line naming an error when that came before them; "" when
// nothing was written.
func (t *tail) quote() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.partial) > 0 { // a last line without its newline
		t.endLine()
	}
	if t.n == 0 {
		return ""
	}
	lines := make([]string, t.kept)
	for i := range lines {
		lines[i] = string(t.lines[(t.first+i)%stderrLines])
	}
	s := "its stderr ends: " + strings.Join(lines, " | ")
	if t.causeN > 0 && t.causeN <= t.n-t.kept {
		s = fmt.Sprintf("its stderr line %d of %d reads: %s; and it ends: %s", t.causeAt, t.total, t.cause, strings.Join(lines, " | "))
	}
	return s
}

// errorWords are the words of a line that names an error: what a runtime
// or a program prints for the cause ("Error: Cannot find module",
// "panic:", "ModuleNotFoundError: No module named", "fatal: ...",
// "cannot open"). Each is lower-case ASCII.
var errorWords = [...]string{"error", "exception", "fatal", "panic", "abort", "cannot", "can't", "unable to", "not found", "no such", "denied", "failed"}

// errorByInitial lists the error words by the byte they start with, in
// either case.
var errorByInitial = func() (m [256][]string) {
	for _, w := range errorWords {
		m[w[0]] = append(m[w[0]], w)
		m[w[0]-'a'+'A'] = append(m[w[0]-'a'+'A'], w)
	}
	return m
}()

// namesError reports whether the UTF-8 line l holds an error word in any
// case, as the regular expression
// (?i)(error|exception|fatal|panic|abort|cannot|can't|unable to|not found|no such|denied|failed)
// matches (its twin in the tests): Unicode case folding adds only ſ
// (U+017F) for s among these letters (K for k, in none of them).
func namesError(l []byte) bool {
	for i, c := range l {
		for _, w := range errorByInitial[c] {
			// No word has s, the letter ſ folds onto, second: one byte
			// decides whether the rest is worth comparing.
			if i+1 < len(l) && l[i+1]|0x20 == w[1] && hasFoldPrefix(l[i+2:], w[2:]) {
				return true
			}
		}
	}
	return false
}

// hasFoldPrefix reports whether b begins with the lower-case ASCII word w
// under Unicode simple case folding.
func hasFoldPrefix(b []byte, w string) bool {
	j := 0
	for k := 0; k < len(w); k++ {
		c := w[k]
		switch {
		case j < len(b) && (b[j] == c || 'a' <= c && c <= 'z' && b[j] == c-'a'+'A'):
			j++
		case c == 's' && j+1 < len(b) && b[j] == 0xC5 && b[j+1] == 0xBF: // ſ
			j += 2
		default:
			return false
		}
	}
	return true
}
