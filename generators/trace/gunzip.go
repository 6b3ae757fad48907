package trace

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
)

// Gunzip is a reader of the gzip data br holds, one member after
// another (as gzip -d reads files concatenated), whose errors say what
// is wrong with the data: cut short, corrupt, or followed by bytes that
// are not gzip. Go's reader, which reads the members itself, took a few
// bytes appended to a file for a member cut short ("gzip data cut short
// (truncated file?)") and more for an "invalid header".
type Gunzip struct {
	br  *bufio.Reader
	zr  *gzip.Reader
	err error // the error every Read gives from now on (io.EOF at the end)
}

// IsGzip reports whether br's data begins with gzip's magic bytes: a
// gzip file, whatever its name, for every reader of a maybe-compressed
// file (traces, Batsim workloads, ETC matrices, jobs files) to read
// through NewGunzip.
func IsGzip(br *bufio.Reader) bool {
	magic, _ := br.Peek(2)
	return isGzipMagic(magic)
}

func isGzipMagic(b []byte) bool { return len(b) == 2 && b[0] == 0x1f && b[1] == 0x8b }

// NewGunzip starts reading the gzip data br holds, from its first byte.
func NewGunzip(br *bufio.Reader) (*Gunzip, error) {
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, gzipError(err)
	}
	zr.Multistream(false)
	return &Gunzip{br: br, zr: zr}, nil
}

func (g *Gunzip) Read(p []byte) (int, error) {
	for g.err == nil {
		n, err := g.zr.Read(p)
		switch {
		case err == io.EOF:
			g.next() // a member ended, checksum and length checked
		case err != nil:
			g.err = gzipError(err)
		}
		if n > 0 || len(p) == 0 {
			return n, nil // (the error, if any, on the next call)
		}
	}
	return 0, g.err
}

// next reads on after a member: the end of the data, another member, or
// bytes that are not gzip.
func (g *Gunzip) next() {
	magic, _ := g.br.Peek(2)
	switch {
	case len(magic) == 0:
		g.err = io.EOF
	case isGzipMagic(magic):
		if err := g.zr.Reset(g.br); err != nil {
			g.err = gzipError(err)
			return
		}
		g.zr.Multistream(false)
	default:
		n, _ := io.Copy(io.Discard, g.br)
		them := "them"
		if n == 1 {
			them = "it"
		}
		g.err = fmt.Errorf("%d %s after the end of the gzip data, not gzip data (something written after it?): "+
			"the compressed data is whole; gzip -dc FILE | gzip > NEW.gz rewrites the file without %s", n, plural(int(n), "byte"), them)
	}
}

// Close closes the decompressor (not br).
func (g *Gunzip) Close() error { return g.zr.Close() }

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
