//go:build !linux

package external

import (
	"context"
	"os"
	"time"
)

// Elsewhere the scheduler's stdin and stdout are os.Pipe files with
// deadlines, through Go's netpoller (pipe_linux.go says what that costs).
type pipes struct {
	in, out *os.File
	ctx     context.Context
	stop    context.CancelFunc
}

func openPipes() (_ *pipes, childIn, childOut *os.File, err error) {
	r0, w0, err := os.Pipe()
	if err != nil {
		return nil, nil, nil, err
	}
	r1, w1, err := os.Pipe()
	if err != nil {
		r0.Close()
		w0.Close()
		return nil, nil, nil, err
	}
	ctx, stop := context.WithCancel(context.Background())
	return &pipes{in: w0, out: r1, ctx: ctx, stop: stop}, r0, w1, nil
}

// setDeadline sets the deadline of the next read and write, unless an
// interrupt came first.
func (p *pipes) setDeadline(t time.Time) {
	p.in.SetWriteDeadline(t)
	p.out.SetReadDeadline(t)
	if p.ctx.Err() != nil {
		p.interrupt()
	}
}

func (p *pipes) interrupt() {
	p.stop()
	now := time.Now()
	p.in.SetWriteDeadline(now)
	p.out.SetReadDeadline(now)
}

func (p *pipes) err(err error) error {
	if err != nil && p.ctx.Err() != nil {
		return errInterrupted
	}
	return err
}

func (p *pipes) Read(b []byte) (int, error) {
	n, err := p.out.Read(b)
	return n, p.err(err)
}

func (p *pipes) write(b []byte) error {
	_, err := p.in.Write(b)
	return p.err(err)
}

// pending reports whether the scheduler's stdout holds bytes not yet
// read. An os.File cannot be asked without a read that may wait, so here
// it never does: a line too many that came apart from an answer is found
// by a later answer or once the scheduler has exited (Close).
func (p *pipes) pending() bool { return false }

func (p *pipes) closeStdin() { p.in.Close() }

func (p *pipes) close() {
	p.in.Close()
	p.out.Close()
}
