package experiments

// The quick configuration (Config.Quick) is a smoke test: its numbers are
// not the reproduction's. Everything a reader may meet apart from its
// page — the index line, a figure — says so with the same words.

// QuickHeadlineMark ends a study's headline in the quick configuration.
const QuickHeadlineMark = " (quick configuration)"

// QuickFigureMark starts a figure's note line in the quick configuration.
const QuickFigureMark = "QUICK configuration (smoke test)"

// QuickHeadline is headline as the index shows it: marked
// (QuickHeadlineMark) in the quick configuration, as it is otherwise.
func QuickHeadline(headline string, quick bool) string {
	if !quick {
		return headline
	}
	return headline + QuickHeadlineMark
}

// QuickNote is a figure's note line (the caption-like line under its
// title): in the quick configuration it starts with QuickFigureMark, the
// figure's own note after it.
func QuickNote(note string, quick bool) string {
	switch {
	case !quick:
		return note
	case note == "":
		return QuickFigureMark
	}
	return QuickFigureMark + ", " + note
}
