package timeshared_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/gridbench/gridbench/timeshared"
)

var registerNil sync.Once

// TestNilScheduler: a registered New that returns nil is New's error
// naming it, and Run given no scheduler an error; both were a nil pointer
// dereference once the first slave ran.
func TestNilScheduler(t *testing.T) {
	registerNil.Do(func() {
		timeshared.Register("returns-nil", timeshared.Info{New: func(timeshared.Params) timeshared.Scheduler { return nil }})
	})
	s, err := timeshared.New("returns-nil", timeshared.Params{})
	if err == nil || !strings.Contains(err.Error(), `"returns-nil"`) || !strings.Contains(err.Error(), "returned nil") {
		t.Errorf("New = %v, %v; want an error naming returns-nil", s, err)
	}
	jobs := []timeshared.Job{{ID: 1, Submit: 0, Run: 1}}
	if _, err := timeshared.Run(jobs, 1, nil); err == nil || !strings.Contains(err.Error(), "nil scheduler") {
		t.Errorf("Run with no scheduler: %v, want an error", err)
	}
}
