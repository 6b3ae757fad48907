package trace

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// ReadCloser is a Reader over an opened file; Close releases the file.
type ReadCloser interface {
	Reader
	io.Closer
}

type fileReader struct {
	Reader
	closers []io.Closer
	file    *os.File // the file read, for CapacityOf (nil: not a file)
}

func (f *fileReader) Close() error {
	var errs []error
	for i := len(f.closers) - 1; i >= 0; i-- {
		errs = append(errs, f.closers[i].Close())
	}
	return errors.Join(errs...)
}

// FormatOf returns the format a file name announces: SWF for .swf and
// .swf.gz, GWF for .gwf and .gwf.gz, Unknown otherwise.
func FormatOf(path string) Format {
	base := strings.ToLower(filepath.Base(path))
	base = strings.TrimSuffix(base, ".gz")
	switch filepath.Ext(base) {
	case ".swf":
		return SWF
	case ".gwf":
		return GWF
	}
	return Unknown
}

// Sniff guesses the format from the first non-blank line of a text: a ';'
// comment or 18 fields is SWF, a '#' comment or 29 fields is GWF.
func Sniff(head []byte) Format {
	for _, line := range bytes.Split(head, []byte("\n")) {
		t := bytes.TrimSpace(line)
		if len(t) == 0 {
			continue
		}
		switch t[0] {
		case ';':
			return SWF
		case '#':
			return GWF
		}
		switch len(splitFields(nil, t)) {
		case len(SWFColumns):
			return SWF
		case len(GWFColumns):
			return GWF
		}
		return Unknown
	}
	return Unknown
}

// Open opens a trace file and returns a streaming reader for it. A gzip
// file is decompressed transparently (recognised by its magic bytes, so a
// misnamed file still works), in a goroutine of its own that stays a few
// chunks ahead of the parser; Close stops it. The format comes from the extension (.swf,
// .swf.gz, .gwf, .gwf.gz); for any other name it is sniffed from the first
// line, and a file that looks like neither is an error.
func Open(path string) (ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if err := NotDir(f, path, "a trace"); err != nil {
		f.Close()
		return nil, err
	}
	return open(f, path)
}

// NotDir says that path, opened as f, is a directory, if it is, and to
// give the path of what (a trace, a Batsim workload) in it: read as a
// trace, a directory was "not a recognised trace: name it .swf or .gwf"
// (or, named so, a read error), which sent one renaming it.
func NotDir(f *os.File, path, what string) error {
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return fmt.Errorf("%s: is a directory, not a file: give the path of %s in it", path, what)
	}
	return nil
}

// open is Open over an opened file; it closes f on error.
func open(f io.ReadCloser, path string) (ReadCloser, error) {
	name := filepath.Base(path)
	fr := &fileReader{closers: []io.Closer{f}}
	fr.file, _ = f.(*os.File)
	br := bufio.NewReaderSize(f, 256<<10)
	var src io.Reader = br
	magic, _ := br.Peek(2)
	if isGzipMagic(magic) {
		zr, err := NewGunzip(br)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		// Closed in reverse order: the goroutine stops before zr closes.
		ar := newAsyncReader(zr)
		fr.closers = append(fr.closers, zr, ar)
		src = bufio.NewReaderSize(ar, 256<<10)
	}
	if src == io.Reader(br) && strings.HasSuffix(strings.ToLower(name), ".gz") && (len(magic) == 0 || len(magic) == 1 && magic[0] == 0x1f) {
		// A .gz file cut before its second byte has lost its magic;
		// read as text it would be an empty trace, not an error. (Other
		// text named .gz is a misnamed trace and read as such.)
		f.Close()
		return nil, fmt.Errorf("%s: named .gz but %d bytes long: a gzip file cut short", name, len(magic))
	}
	b := src.(*bufio.Reader)
	if bom, _ := b.Peek(3); string(bom) == "\xef\xbb\xbf" {
		// A byte order mark, as some Windows editors save UTF-8: read as
		// text, it made the first comment a record of 3 fields and an
		// unnamed file unrecognised.
		b.Discard(3)
	}
	format := FormatOf(path)
	if format == Unknown {
		head, _ := b.Peek(64 << 10)
		if format = Sniff(head); format == Unknown {
			f.Close()
			if base := strings.TrimSuffix(strings.ToLower(name), ".gz"); strings.HasSuffix(base, ".json") {
				return nil, fmt.Errorf("%s: a Batsim workload, not a trace: this command reads SWF and GWF traces (simulate and a study file's trace workload read Batsim workloads; workload convert writes one from an SWF trace)", name)
			}
			return nil, fmt.Errorf("%s: not a recognised trace: name it .swf or .gwf (optionally .gz); SWF lines have 18 numeric fields and ';' comments, GWF lines 29 fields and '#' comments", name)
		}
	}
	fr.Reader = NewReader(src, name, format)
	return fr, nil
}

// gzipError words an error of the decompressor, io.EOF apart, as the
// compressed file's fault: a stream that stops early
// (io.ErrUnexpectedEOF), a bad checksum or a bad block is an error naming
// the file, never a shorter trace.
func gzipError(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return fmt.Errorf("gzip data cut short (truncated file?): %w", io.ErrUnexpectedEOF)
	}
	return fmt.Errorf("gzip data corrupt: %w", err)
}

// TextSize returns the bytes of text the file f holds: its size, or, for
// a gzip file, the size its trailer gives (its last four bytes, the size
// mod 2^32); 0 when f is not a regular file or the trailer's size is not
// to be trusted (over 64 times the file, as no trace compresses so well).
// It leaves f's offset where it was. It sizes what a reader fills from f
// in one allocation, not by doublings: each doubling of a long slice is a
// copy that a garbage collection under way signals through (sim.CloneJobs).
func TextSize(f *os.File) int64 {
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return 0
	}
	n := fi.Size()
	var t [4]byte
	if n < 18 { // a gzip header and trailer, or a text of a few bytes
		return n
	}
	if _, err := f.ReadAt(t[:2], 0); err != nil || !isGzipMagic(t[:2]) {
		return n
	}
	if _, err := f.ReadAt(t[:], n-4); err != nil {
		return 0
	}
	size := int64(t[0]) | int64(t[1])<<8 | int64(t[2])<<16 | int64(t[3])<<24
	if size > 64*n {
		return 0
	}
	return size
}

// NewReader returns a reader of the given format over uncompressed text.
// It panics for Unknown, which is a programming error.
func NewReader(r io.Reader, name string, f Format) Reader {
	switch f {
	case SWF:
		return NewSWFReader(r, name)
	case GWF:
		return NewGWFReader(r, name)
	}
	panic("trace: NewReader with unknown format")
}

// ReadAll reads up to maxJobs jobs (all when maxJobs <= 0) from the trace at
// path and returns them with the header.
func ReadAll(path string, maxJobs int) ([]Job, *Header, error) {
	r, err := Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	var jobs []Job
	for (maxJobs <= 0 || len(jobs) < maxJobs) && r.Next() {
		if jobs == nil {
			// The header is complete once the first record is read.
			jobs = make([]Job, 0, CapacityOf(r, maxJobs))
		}
		jobs = append(jobs, r.Job())
	}
	if err := r.Err(); err != nil {
		return jobs, r.Header(), err
	}
	return jobs, r.Header(), nil
}
