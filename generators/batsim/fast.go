package batsim

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/gridbench/gridbench/generators/trace"
)

// readFast reads a workload as Read does, in one pass over the bytes,
// for the workloads gridbench and Batsim's tools write: it gives up
// (false) at anything it does not read exactly as encoding/json would,
// and Read then reads the file with the decoder, which also words every
// error. It never accepts a file the decoder refuses, nor reads one
// differently (TestReadFastMatchesDecoder, FuzzReadFast).
//
// It gives up on: a string with an escape, a control character or a
// byte past ASCII where its value is used (a key, an id, a profile's
// name, type or strategy; a value skipped may hold any), a key given
// twice in one object, a job key that differs from a known one only in
// case (the decoder matches those), "jobs" or "profiles" given twice, a
// known key whose value is not of the type that key takes (a number in
// quotes, null), a number that does not fit, a time (subtime, walltime,
// delay) beyond ±trace.MaxSeconds, a walltime neither -1 nor > 0, a
// delay profile of 0 s, and nesting deeper than 512. Reading the 447,794 jobs of RICC-2010-2
// written by workload convert (44 MB) takes 0.2-0.3 s and 47 MB of allocations this way, 2.1 s
// and 555 MB with the decoder (BenchmarkBatsimRead, on an Intel Xeon).
func readFast(b []byte, name string) (*Workload, bool) {
	p := fastReader{b: b, line: 1}
	return p.workload(name)
}

// fastReader is readFast's cursor: the next byte is b[i], on line line.
type fastReader struct {
	b    []byte
	i    int
	line int
	// names holds the profile names jobs gave so far, so that the jobs of
	// one profile share its name's string.
	names map[string]string
}

// intern returns s as a string, the same one for the same bytes.
func (p *fastReader) intern(s []byte) string {
	if v, ok := p.names[string(s)]; ok {
		return v
	}
	if p.names == nil {
		p.names = map[string]string{}
	}
	v := string(s)
	p.names[v] = v
	return v
}

// ws skips JSON white space, counting lines.
func (p *fastReader) ws() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case '\n':
			p.line++
		case ' ', '\t', '\r':
		default:
			return
		}
		p.i++
	}
}

// next skips white space and returns the next byte (0 at the end).
func (p *fastReader) next() byte {
	p.ws()
	if p.i == len(p.b) {
		return 0
	}
	return p.b[p.i]
}

// eat skips white space and the byte c, and reports whether it was there.
func (p *fastReader) eat(c byte) bool {
	if p.next() != c {
		return false
	}
	p.i++
	return true
}

// str reads a string with neither escape nor control character nor byte
// past ASCII, after white space, and returns its bytes.
func (p *fastReader) str() ([]byte, bool) {
	if !p.eat('"') {
		return nil, false
	}
	start := p.i
	for p.i < len(p.b) {
		c := p.b[p.i]
		switch {
		case c == '"':
			p.i++
			return p.b[start : p.i-1], true
		case c == '\\' || c < 0x20 || c >= 0x80:
			return nil, false
		}
		p.i++
	}
	return nil, false
}

// num reads a JSON number after white space and returns its text.
func (p *fastReader) num() ([]byte, bool) {
	p.ws()
	b, start := p.b, p.i
	i := p.i
	// digits returns the end of the digits from j, and whether there is one.
	digits := func(j int) (int, bool) {
		k := j
		for k < len(b) && b[k] >= '0' && b[k] <= '9' {
			k++
		}
		return k, k > j
	}
	if i < len(b) && b[i] == '-' {
		i++
	}
	var ok bool
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		i, _ = digits(i)
	default:
		return nil, false
	}
	if i < len(b) && b[i] == '.' {
		if i, ok = digits(i + 1); !ok {
			return nil, false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i, ok = digits(i); !ok {
			return nil, false
		}
	}
	p.i = i
	return b[start:i], true
}

// finite reads a number that a float64 holds.
func (p *fastReader) finite() (float64, bool) {
	t, ok := p.num()
	if !ok {
		return 0, false
	}
	if v, ok := trace.ShortInt(t); ok && (v != 0 || t[0] != '-') {
		return float64(v), true // (exact: |v| < 2^53, as ParseFloat gives it; -0 is ParseFloat's)
	}
	x, err := strconv.ParseFloat(string(t), 64)
	return x, err == nil // (ParseFloat gives an error for what overflows, and never NaN for JSON's digits)
}

// seconds reads a time within ±trace.MaxSeconds (the decoder's reader
// words the error for one beyond).
func (p *fastReader) seconds() (float64, bool) {
	x, ok := p.finite()
	return x, ok && inLimit(x)
}

// whole reads a number that strconv.Atoi reads, as the decoder's callers do.
func (p *fastReader) whole() (int, bool) {
	t, ok := p.num()
	if !ok {
		return 0, false
	}
	if v, ok := trace.ShortInt(t); ok && int64(int(v)) == v { // (an int of 32 bits holds fewer: Atoi refuses those)
		return int(v), true
	}
	v, err := strconv.Atoi(string(t))
	return v, err == nil
}

// skip reads any JSON value, as the decoder would accept it, after
// white space; depth counts the arrays and objects around it.
func (p *fastReader) skip(depth int) bool {
	if depth > 512 {
		return false
	}
	switch p.next() {
	case '"':
		p.i++
		for p.i < len(p.b) {
			c := p.b[p.i]
			p.i++
			switch {
			case c == '"':
				return true
			case c < 0x20:
				return false
			case c == '\\':
				if p.i == len(p.b) {
					return false
				}
				e := p.b[p.i]
				p.i++
				switch e {
				case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				case 'u':
					if p.i+4 > len(p.b) {
						return false
					}
					for _, h := range p.b[p.i : p.i+4] {
						if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
							return false
						}
					}
					p.i += 4
				default:
					return false
				}
			}
		}
		return false
	case '{':
		p.i++
		return p.items('}', func() bool { return p.next() == '"' && p.skip(depth+1) && p.eat(':') && p.skip(depth+1) })
	case '[':
		p.i++
		return p.items(']', func() bool { return p.skip(depth + 1) })
	case 't':
		return p.word("true")
	case 'f':
		return p.word("false")
	case 'n':
		return p.word("null")
	default:
		_, ok := p.num()
		return ok
	}
}

// word reads the literal w.
func (p *fastReader) word(w string) bool {
	if !bytes.HasPrefix(p.b[p.i:], []byte(w)) {
		return false
	}
	p.i += len(w)
	return true
}

// object reads an object's keys, calling field for each with the
// reader on its value, which field reads.
func (p *fastReader) object(field func(key []byte) bool) bool {
	return p.eat('{') && p.items('}', func() bool {
		key, ok := p.str()
		return ok && p.eat(':') && field(key)
	})
}

// items reads the items of an array or object, after its opening byte, up
// to close: item reads each one (an object's key, colon and value).
func (p *fastReader) items(close byte, item func() bool) bool {
	if p.eat(close) {
		return true
	}
	for {
		if !item() {
			return false
		}
		if p.eat(close) {
			return true
		}
		if !p.eat(',') {
			return false
		}
	}
}

func (p *fastReader) workload(name string) (*Workload, bool) {
	w := &Workload{Name: name, Profiles: map[string]Profile{}}
	var seenJobs, seenProfiles bool
	ok := p.object(func(key []byte) bool {
		switch string(key) {
		case "nb_res":
			v, ok := p.whole()
			if !ok || v < 1 {
				return false
			}
			w.NbRes = v
			return true
		case "jobs":
			if seenJobs {
				return false
			}
			seenJobs = true
			return p.jobs(w)
		case "profiles":
			if seenProfiles {
				return false
			}
			seenProfiles = true
			return p.profiles(w)
		}
		return p.skip(1)
	})
	p.ws()
	if !ok || !seenJobs || !seenProfiles || p.i != len(p.b) {
		return nil, false
	}
	if len(w.Jobs) == 0 {
		w.Jobs = nil
	}
	return w, true
}

// The keys of a job that readFast reads, as bits of a set.
const (
	hasID = 1 << iota
	hasSubtime
	hasRes
	hasProfile
	hasWalltime
)

var jobKeys = [...]string{"id", "subtime", "res", "profile", "walltime"}

// profileKeys are the keys of a profile that readFast reads (a profile
// is read into a map: its keys are matched as they are written).
var profileKeys = [...]string{"type", "generation_strategy", "delay", "cpu", "com"}

func (p *fastReader) jobs(w *Workload) bool {
	if !p.eat('[') {
		return false
	}
	if w.Jobs == nil {
		// As many as the objects that follow, at most (every job is one;
		// a count of one byte runs at memory speed): the jobs are never
		// copied as they grow, and a file whose bytes are mostly
		// something else allocates no more for that.
		w.Jobs = make([]Job, 0, bytes.Count(p.b[p.i:], []byte{'{'}))
	}
	return p.items(']', func() bool {
		if p.next() != '{' {
			return false
		}
		j := Job{Line: p.line, Walltime: -1}
		seen := 0
		ok := p.object(func(key []byte) bool {
			k := -1
			for i, name := range jobKeys {
				if string(key) == name {
					k = i
					break
				}
			}
			if k < 0 {
				for _, name := range jobKeys {
					if strings.EqualFold(string(key), name) {
						return false // the decoder matches keys whatever their case
					}
				}
				return p.skip(2)
			}
			if seen&(1<<k) != 0 {
				return false
			}
			seen |= 1 << k
			var ok bool
			switch 1 << k {
			case hasID:
				j.ID, ok = p.id()
			case hasSubtime:
				j.Subtime, ok = p.seconds()
			case hasRes:
				j.Res, ok = p.whole()
			case hasProfile:
				var s []byte
				if s, ok = p.str(); ok {
					j.Profile = p.intern(s)
				}
			case hasWalltime:
				j.Walltime, ok = p.seconds()
				ok = ok && validWalltime(j.Walltime) // (the decoder words the error)
			}
			return ok
		})
		if !ok || seen&(hasID|hasSubtime|hasRes|hasProfile) != hasID|hasSubtime|hasRes|hasProfile {
			return false
		}
		w.Jobs = append(w.Jobs, j)
		return true
	})
}

// id reads a job id as jobID does: a whole number, or a string holding
// one after a "workload!" prefix.
func (p *fastReader) id() (int, bool) {
	if p.next() != '"' {
		return p.whole()
	}
	s, ok := p.str()
	if !ok {
		return 0, false
	}
	if _, after, found := bytes.Cut(s, []byte("!")); found {
		s = after
	}
	v, err := strconv.Atoi(string(s))
	return v, err == nil
}

func (p *fastReader) profiles(w *Workload) bool {
	return p.object(func(name []byte) bool {
		if _, dup := w.Profiles[string(name)]; dup || p.next() != '{' {
			return false
		}
		pr := Profile{Line: p.line}
		seen := 0 // the keys read, as bits of profileKeys (any other is skipped, however often)
		ok := p.object(func(key []byte) bool {
			k := string(key)
			for i, known := range profileKeys {
				if k == known {
					if seen&(1<<i) != 0 {
						return false
					}
					seen |= 1 << i
				}
			}
			switch k {
			case "type", "generation_strategy":
				s, ok := p.str()
				if k == "type" {
					pr.Type = string(s)
				} else {
					pr.Strategy = string(s)
				}
				return ok
			case "delay", "cpu", "com":
				switch p.next() {
				case '[', '{', 't', 'f':
					// Not a number: the decoder's reader leaves the field
					// unset (Batsim's ParallelTask profiles give arrays
					// here), and Profile.Run names what is missing.
					return p.skip(3)
				case '"', 'n':
					return false
				}
				x, ok := p.finite()
				switch k {
				case "delay":
					ok = ok && inLimit(x)
					pr.Delay, pr.hasDelay = x, true
				case "cpu":
					pr.CPU, pr.hasCPU = x, true
				default:
					pr.Com = x
				}
				return ok
			}
			return p.skip(3)
		})
		if !ok || pr.zeroDelay("") != nil { // (the decoder words the error)
			return false
		}
		w.Profiles[string(name)] = pr
		return true
	})
}
