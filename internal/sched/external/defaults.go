package external

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// MaxTimeout bounds the answer timeout: a day per message is more than any
// scheduler worth waiting for.
const MaxTimeout = 24 * time.Hour

// MaxLine bounds one line a scheduler writes: 16 MiB holds a decision on
// hundreds of thousands of jobs; output without newlines beyond it is an
// error, not memory grown without bound.
const MaxLine = 16 << 20

var defaults struct {
	mu      sync.Mutex
	ctx     context.Context
	timeout time.Duration
}

// SetDefaults sets, for every scheduler made afterwards by New with a zero
// timeout, the answer timeout (0: DefaultTimeout) and the context whose end
// (Ctrl-C) kills the scheduler's process group at once (nil: none). The
// command line calls it once per command; the algorithm registry then
// needs to know nothing of either.
func SetDefaults(ctx context.Context, timeout time.Duration) error {
	if err := CheckTimeout(timeout); err != nil {
		return err
	}
	defaults.mu.Lock()
	defer defaults.mu.Unlock()
	defaults.ctx, defaults.timeout = ctx, timeout
	return nil
}

// CheckTimeout accepts 0 (the default) and timeouts from 1 ms to MaxTimeout.
func CheckTimeout(timeout time.Duration) error {
	if timeout != 0 && (timeout < time.Millisecond || timeout > MaxTimeout) {
		return fmt.Errorf("answer timeout %v: must be between 1ms and %v (0 for the default %v)", timeout, MaxTimeout, DefaultTimeout)
	}
	return nil
}

// defaultsNow returns the context and the timeout set by SetDefaults, the
// timeout 0 when none was set.
func defaultsNow() (context.Context, time.Duration) {
	defaults.mu.Lock()
	defer defaults.mu.Unlock()
	ctx := defaults.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	return ctx, defaults.timeout
}
