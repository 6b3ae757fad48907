package trace

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// errAfter yields data, then err.
type errAfter struct {
	r   io.Reader
	err error
}

func (e *errAfter) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF {
		return n, e.err
	}
	return n, err
}

func TestAsyncReaderPassesDataThenError(t *testing.T) {
	data := bytes.Repeat([]byte("0123456789abcdef"), 3*asyncChunk/16+5) // over several chunks
	for _, tc := range []struct {
		name string
		err  error
	}{{"eof", io.EOF}, {"error", errors.New("corrupt input")}} {
		t.Run(tc.name, func(t *testing.T) {
			a := newAsyncReader(&errAfter{bytes.NewReader(data), tc.err})
			defer a.Close()
			got, err := io.ReadAll(a)
			if !bytes.Equal(got, data) {
				t.Errorf("read %d bytes, want the %d written", len(got), len(data))
			}
			if want := tc.err; want == io.EOF {
				want = nil // ReadAll's success
				if err != want {
					t.Errorf("err = %v, want nil", err)
				}
			} else if err != tc.err {
				t.Errorf("err = %v, want %v", err, tc.err)
			}
		})
	}
}

func TestAsyncReaderClosesEarly(t *testing.T) {
	data := bytes.Repeat([]byte{'x'}, 20*asyncChunk)
	a := newAsyncReader(bytes.NewReader(data))
	if _, err := io.ReadFull(a, make([]byte, 10)); err != nil {
		t.Fatal(err)
	}
	a.Close() // returns only once the goroutine has: a hang fails the test by timeout
	a.Close()
}
