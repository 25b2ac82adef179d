//! The terminal's line editor (`spieltisch local` at a keyboard, issue 41): rustyline on
//! a thread of its own, with history kept per database, ← → and the other readline keys,
//! and Tab completion of command words, game numbers and the legal moves of the
//! speaker's game (as Discord's autocomplete offers them). Lines typed go to the chat as
//! they are; what the AI says meanwhile is printed above the line being typed, which
//! stays as it was. Piped input does not come here: it is read plainly.

use std::{
    path::PathBuf,
    sync::{Arc, Mutex, PoisonError},
};

use rustyline::{
    completion::{Completer, Pair},
    error::ReadlineError,
    highlight::Highlighter,
    hint::Hinter,
    history::FileHistory,
    validate::Validator,
    Config, Context, Editor, ExternalPrinter, Helper,
};

/// The most lines the history keeps.
const HISTORY_SIZE: usize = 1000;

/// What Tab completes, refreshed by the chat after every line.
#[derive(Debug, Default, Clone)]
pub struct Candidates {
    /// Command words (English and German) and the terminal's own (`as`, `wait`, `quit`).
    pub words: Vec<String>,
    /// The running games here as `#N`.
    pub games: Vec<String>,
    /// The legal moves of the speaker's game, e.g. `c3 red`.
    pub moves: Vec<String>,
}

/// The words after which a move follows (`move c3 red`, `zug c3 rot`, `#2 c3 red`).
fn introduces_a_move(word: &str) -> bool {
    matches!(word.to_lowercase().as_str(), "move" | "zug") || word.starts_with('#')
}

impl Candidates {
    /// The completions of `line` up to byte `pos`: where the replaced text starts and
    /// the candidates. The first word completes to a command word, a game number or a
    /// whole move (a bare move is a command); after `move`/`zug`/`#N` the rest completes
    /// to a whole move (moves hold spaces: `c3 red`); after another command word, the
    /// last word completes to a game number. Case is ignored.
    pub fn complete(&self, line: &str, pos: usize) -> (usize, Vec<String>) {
        let before = line.get(..pos).unwrap_or(line);
        let lead = before.len() - before.trim_start().len();
        let starts = |text: &str, typed: &str| text.to_lowercase().starts_with(&typed.to_lowercase());
        let pick = |lists: &[&Vec<String>], typed: &str| -> Vec<String> {
            let mut out: Vec<String> = lists.iter().flat_map(|l| l.iter()).filter(|c| starts(c, typed)).cloned().collect();
            out.dedup();
            out
        };
        let trimmed = &before[lead..];
        match trimmed.split_once(char::is_whitespace) {
            None => (lead, pick(&[&self.words, &self.games, &self.moves], trimmed)),
            Some((first, rest)) if introduces_a_move(first) => {
                let start = pos - rest.trim_start().len();
                (start, pick(&[&self.moves], rest.trim_start()))
            }
            Some(_) => {
                let last = trimmed.rsplit(char::is_whitespace).next().unwrap_or_default();
                (pos - last.len(), pick(&[&self.games], last))
            }
        }
    }
}

/// rustyline's helper: completion from the shared [`Candidates`]; no hints, colours or
/// multi-line input.
struct Completion(Arc<Mutex<Candidates>>);

impl Completer for Completion {
    type Candidate = Pair;

    fn complete(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        let candidates = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let (start, found) = candidates.complete(line, pos);
        Ok((start, found.into_iter().map(|c| Pair { display: c.clone(), replacement: c }).collect()))
    }
}

impl Hinter for Completion {
    type Hint = String;
}

impl Highlighter for Completion {}

impl Validator for Completion {}

impl Helper for Completion {}

/// The chat's side of a running line editor.
pub struct LineEditor {
    /// Send the next prompt (`alice> `) when the chat is ready for the next line.
    prompts: std::sync::mpsc::Sender<String>,
    /// Prints above the line being typed.
    printer: Box<dyn ExternalPrinter + Send>,
    /// What Tab completes.
    candidates: Arc<Mutex<Candidates>>,
}

/// The lines typed, as bytes (as the plain reader gives them); closed at Ctrl-D.
pub type Lines = tokio::sync::mpsc::UnboundedReceiver<Vec<u8>>;

impl LineEditor {
    /// Starts the editor on its own thread, its history read from (and written to)
    /// `history` when given: the editor and the lines typed. It waits for the first
    /// [`LineEditor::prompt`].
    ///
    /// # Errors
    /// When standard input is no terminal rustyline can drive.
    pub fn start(history: Option<PathBuf>) -> rustyline::Result<(LineEditor, Lines)> {
        let config = Config::builder()
            .max_history_size(HISTORY_SIZE)?
            .auto_add_history(false)
            .completion_type(rustyline::CompletionType::List)
            .build();
        let mut editor: Editor<Completion, FileHistory> = Editor::with_config(config)?;
        let candidates = Arc::new(Mutex::new(Candidates::default()));
        editor.set_helper(Some(Completion(Arc::clone(&candidates))));
        if let Some(path) = &history
            && path.exists()
            && let Err(e) = editor.load_history(path)
        {
            tracing::warn!(path = %path.display(), error = %e, "the terminal's history could not be read");
        }
        let printer: Box<dyn ExternalPrinter + Send> = Box::new(editor.create_external_printer()?);
        let (lines_in, lines) = tokio::sync::mpsc::unbounded_channel();
        let (prompts, prompts_in) = std::sync::mpsc::channel::<String>();
        std::thread::Builder::new().name("line-editor".into()).spawn(move || {
            while let Ok(prompt) = prompts_in.recv() {
                match editor.readline(&prompt) {
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            let _ = editor.add_history_entry(line.as_str());
                            if let Some(path) = &history
                                && let Err(e) = editor.save_history(path)
                            {
                                tracing::warn!(path = %path.display(), error = %e, "the terminal's history could not be written");
                            }
                        }
                        if lines_in.send(line.into_bytes()).is_err() {
                            break;
                        }
                    }
                    // Ctrl-C drops the line being typed; the chat asks for the next.
                    Err(ReadlineError::Interrupted) => {
                        if lines_in.send(Vec::new()).is_err() {
                            break;
                        }
                    }
                    // Ctrl-D (or a closed terminal) ends the session, as the end of
                    // piped input does.
                    Err(_) => break,
                }
            }
        })?;
        Ok((LineEditor { prompts, printer, candidates }, lines))
    }

    /// Shows `prompt` and reads the next line.
    pub fn prompt(&self, prompt: &str) {
        let _ = self.prompts.send(prompt.to_string());
    }

    /// Prints `text` (one or more lines) above the line being typed, which stays.
    pub fn print(&mut self, text: String) {
        if let Err(e) = self.printer.print(text.clone()) {
            tracing::debug!(error = %e, "the line editor could not print; printed plainly");
            print!("{text}");
        }
    }

    /// Sets what Tab completes.
    pub fn set_candidates(&self, candidates: Candidates) {
        *self.candidates.lock().unwrap_or_else(PoisonError::into_inner) = candidates;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidates() -> Candidates {
        Candidates {
            words: ["move", "moves", "help", "history", "zug", "as", "wait"].map(String::from).to_vec(),
            games: vec!["#1".into(), "#12".into()],
            moves: ["c3 red", "c3 blue", "d4 red"].map(String::from).to_vec(),
        }
    }

    #[test]
    fn the_first_word_completes_to_commands_games_and_moves() {
        let c = candidates();
        assert_eq!(c.complete("mo", 2), (0, vec!["move".to_string(), "moves".to_string()]));
        assert_eq!(c.complete("H", 1), (0, vec!["help".to_string(), "history".to_string()]));
        assert_eq!(c.complete("#1", 2), (0, vec!["#1".to_string(), "#12".to_string()]));
        assert_eq!(c.complete("c3", 2), (0, vec!["c3 red".to_string(), "c3 blue".to_string()]));
        assert_eq!(c.complete("  d", 3), (2, vec!["d4 red".to_string()]));
    }

    #[test]
    fn after_move_or_a_game_number_the_rest_completes_to_a_whole_move() {
        let c = candidates();
        assert_eq!(c.complete("move c3 b", 9), (5, vec!["c3 blue".to_string()]));
        assert_eq!(c.complete("zug ", 4), (4, vec!["c3 red".to_string(), "c3 blue".to_string(), "d4 red".to_string()]));
        assert_eq!(c.complete("#12 d", 5), (4, vec!["d4 red".to_string()]));
    }

    #[test]
    fn after_another_command_the_last_word_completes_to_a_game_number() {
        let c = candidates();
        assert_eq!(c.complete("history #", 9), (8, vec!["#1".to_string(), "#12".to_string()]));
        assert_eq!(c.complete("help x", 6), (5, Vec::<String>::new()));
    }
}
