package trace

import (
	"errors"
	"io"
	"sync"
)

// asyncReader decompresses in a goroutine of its own, a chunk ahead of the
// reader, so that gunzip and parsing use two cores. Chunks travel through
// full and come back through free; Close stops the goroutine.
type asyncReader struct {
	full chan chunk
	free chan []byte
	done chan struct{} // closed by Close
	quit chan struct{} // closed when the goroutine has returned
	once sync.Once
	cur  []byte // the unread part of the current chunk
	buf  []byte // the current chunk's buffer, returned to free when read
	err  error  // the source's error (io.EOF at its end), after its data
}

type chunk struct {
	b   []byte
	err error
}

const (
	asyncChunk  = 256 << 10
	asyncChunks = 4
)

// chunks recycles the chunk buffers of closed readers: a megabyte per
// Open otherwise, which dominated opening small traces (and fuzzing).
var chunks = sync.Pool{New: func() any { return new([asyncChunk]byte) }}

var errReadAfterClose = errors.New("trace: read after Close")

func newAsyncReader(src io.Reader) *asyncReader {
	a := &asyncReader{full: make(chan chunk, asyncChunks), free: make(chan []byte, asyncChunks), done: make(chan struct{}), quit: make(chan struct{})}
	for range asyncChunks {
		a.free <- chunks.Get().(*[asyncChunk]byte)[:]
	}
	go a.fill(src)
	return a
}

func (a *asyncReader) fill(src io.Reader) {
	defer close(a.quit)
	for {
		var b []byte
		select {
		case b = <-a.free:
		case <-a.done:
			return
		}
		n, err := readFull(src, b)
		select {
		case a.full <- chunk{b[:n], err}:
		case <-a.done:
			return
		}
		if err != nil {
			return
		}
	}
}

// readFull reads src until b is full or src ends. Only io.EOF is a clean end:
// io.ErrUnexpectedEOF from a decompressor means the stream was cut short and
// is passed on like any other error, never taken for the end of the data.
func readFull(src io.Reader, b []byte) (int, error) {
	n, empty := 0, 0
	for n < len(b) {
		m, err := src.Read(b[n:])
		n += m
		if err != nil {
			return n, err
		}
		if m > 0 {
			empty = 0
		} else if empty++; empty == 100 {
			return n, io.ErrNoProgress
		}
	}
	return n, nil
}

func (a *asyncReader) Read(p []byte) (int, error) {
	for len(a.cur) == 0 {
		if a.buf != nil {
			a.free <- a.buf[:cap(a.buf)]
			a.buf = nil
		}
		if a.err != nil {
			return 0, a.err
		}
		c := <-a.full
		a.buf, a.cur, a.err = c.b, c.b, c.err
	}
	n := copy(p, a.cur)
	a.cur = a.cur[n:]
	return n, nil
}

// Close stops the decompressing goroutine and waits for it (at most one
// chunk's decompression), so the source may be closed afterwards by its
// owner.
func (a *asyncReader) Close() error {
	a.once.Do(func() {
		close(a.done)
		<-a.quit
		// The goroutine is gone: every buffer is in free, in full, or
		// the current one; none is referenced after this.
		put := func(b []byte) { chunks.Put((*[asyncChunk]byte)(b[:asyncChunk])) }
		if a.buf != nil {
			put(a.buf)
		}
		for drained := false; !drained; {
			select {
			case b := <-a.free:
				put(b)
			case c := <-a.full:
				put(c.b[:cap(c.b)])
			default:
				drained = true
			}
		}
		a.buf, a.cur, a.err = nil, nil, errReadAfterClose
	})
	<-a.quit
	return nil
}
