//! The terminal chat (`spieltisch local`): the project's embedded default adapter.
//!
//! Each input line is a command to the command layer, spoken by the current user;
//! `as <name>` switches the user, so one person can play every seat. Replies to the
//! channel are printed; private replies only while speaking as their owner (others are
//! kept until `as <owner>`). Every attached file (the board PNG after each turn, a hand
//! picture, an exported record) is written into the boards directory and its path
//! printed. Input may be a script on standard input.

use std::{
    collections::HashMap,
    io::{IsTerminal, Write},
    path::{Path, PathBuf},
    sync::Arc,
};

use tokio::io::{AsyncBufRead, AsyncBufReadExt};

use commands::{base::clock::OffsetClock, Attachment, Audience, Host, Lang, Msg, Notice, Origin, Reply, User};

use crate::line_editor::{Candidates, LineEditor, Lines};

/// The most legal moves Tab offers (a Helofag turn may have hundreds).
const MOST_COMPLETED_MOVES: usize = 400;

/// The platform name the terminal's games are stored under.
pub const PLATFORM: &str = commands::base::origin::TERMINAL_PLATFORM;

/// Settings of a terminal session.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Where files are written (`--boards`).
    pub boards: PathBuf,
    /// The channel name games are stored under (`--channel`).
    pub channel: String,
    /// Who speaks first (`--as`).
    pub speaker: String,
    /// The language of the terminal's own lines (`--lang`, else the configuration's).
    pub lang: Lang,
    /// `--lang` when given: requests carry it as a platform carries a user's locale.
    /// Without it, a user's `language` choice, then the channel's setting, then the
    /// configuration decide.
    pub requested_lang: Option<Lang>,
    /// The host's clock, when `wait <time>` may move it forward.
    pub clock: Option<Arc<OffsetClock>>,
    /// The line editor's history file (one per database), at a keyboard.
    pub history: Option<PathBuf>,
}

/// A running terminal chat.
pub struct Terminal<'h, W: Write> {
    host: &'h Host,
    settings: Settings,
    speaker: User,
    /// Private replies kept for users who are not speaking, by user id.
    pending: HashMap<String, Vec<Reply>>,
    out: W,
    /// While set, what would be written goes here instead (a notice for the line
    /// editor to print above the line being typed).
    capture: Option<Vec<u8>>,
}

/// A terminal user: the id is the name in lower case, so `as Bob` and `as bob` are one.
fn user(name: &str) -> User {
    User::new(name.trim().to_lowercase(), name.trim())
}

impl<'h, W: Write> Terminal<'h, W> {
    pub fn new(host: &'h Host, settings: Settings, out: W) -> Self {
        let speaker = user(&settings.speaker);
        Terminal { host, settings, speaker, pending: HashMap::new(), out, capture: None }
    }

    /// Where output goes: the capture while one is taken, else the terminal.
    fn sink(&mut self) -> &mut dyn Write {
        match &mut self.capture {
            Some(buffer) => buffer,
            None => &mut self.out,
        }
    }

    fn say(&self, msg: Msg) -> String {
        self.host.texts().plain(self.settings.lang, &msg)
    }

    fn origin(&self) -> Origin {
        Origin {
            platform: PLATFORM.to_string(),
            channel: self.settings.channel.clone(),
            server: None,
            user: self.speaker.clone(),
            // In the terminal everyone is an admin (spec README, "Who may do what").
            is_admin: true,
            lang: self.settings.requested_lang,
        }
    }

    /// Reads commands until the input ends (or `quit`). With `interactive` a prompt is
    /// shown, and the AI's turns are played in the background (issue 38: no answer waits
    /// for the AI's thinking; its moves are printed as they come, as on Discord and
    /// Matrix). Otherwise (a script on standard input) each line is echoed after the
    /// speaker's name, like a chat log, and the AI's moves due after a line are played
    /// before the next line is read, so that a script's log reads the same every time.
    ///
    /// # Errors
    /// An I/O error reading the input or writing the output or a file.
    pub async fn run(&mut self, input: impl AsyncBufRead + Unpin, interactive: bool) -> std::io::Result<()> {
        self.welcome().await?;
        if !interactive {
            self.poll(true).await?;
            return self.run_script(input).await;
        }
        self.poll(false).await?;
        let (lines_in, lines) = tokio::sync::mpsc::unbounded_channel::<Vec<u8>>();
        let reader = async move {
            let mut input = input;
            loop {
                let mut bytes = Vec::new();
                match input.read_until(b'\n', &mut bytes).await {
                    Ok(0) | Err(_) => break,
                    Ok(_) if lines_in.send(bytes).is_ok() => {}
                    Ok(_) => break,
                }
            }
        };
        self.converse(lines, None, reader).await
    }

    /// As [`Terminal::run`] at a keyboard, the lines read by `editor` (history, Tab
    /// completion; the AI's moves printed above the line being typed).
    ///
    /// # Errors
    /// An I/O error writing the output or a file.
    pub async fn run_edited(&mut self, mut editor: LineEditor, lines: Lines) -> std::io::Result<()> {
        self.welcome().await?;
        self.poll(false).await?;
        self.converse(lines, Some(&mut editor), std::future::pending::<()>()).await
    }

    /// The start of a session: the boards directory made, the welcome written, and the
    /// clock set to what fell due while no terminal ran (before the first line).
    async fn welcome(&mut self) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.settings.boards)?;
        let welcome = self.say(Msg::new("local-welcome").arg("user", self.speaker.name.clone()));
        writeln!(self.sink(), "{welcome}")?;
        self.catch_up().await;
        Ok(())
    }

    /// The interactive chat: lines from `lines` (fed by `reader`, which ends with the
    /// input) answered one by one while the AI plays in the background; with `editor`
    /// its prompt and its printing above the line being typed, else a prompt written.
    async fn converse(
        &mut self,
        mut lines: tokio::sync::mpsc::UnboundedReceiver<Vec<u8>>,
        mut editor: Option<&mut LineEditor>,
        reader: impl std::future::Future<Output = ()>,
    ) -> std::io::Result<()> {
        let (ai_out, mut ai_notices) = tokio::sync::mpsc::unbounded_channel::<Notice>();
        let (host, channel) = (self.host, self.settings.channel.clone());
        let ai = async move {
            loop {
                let (played, notices) = host.ai_moves_in(PLATFORM, &channel).await;
                if played == 0 {
                    // Woken when a move leaves an AI seat to move; a second at most
                    // (a game another terminal started).
                    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), host.ai_turn_waiting()).await;
                }
                for notice in notices {
                    if ai_out.send(notice).is_err() {
                        return;
                    }
                }
            }
        };
        let chat = async {
            self.ask(editor.as_deref_mut()).await?;
            loop {
                tokio::select! {
                    line = lines.recv() => {
                        let Some(bytes) = line else { break };
                        if !self.line(&bytes, true).await? {
                            break;
                        }
                        self.ask(editor.as_deref_mut()).await?;
                    }
                    Some(notice) = ai_notices.recv() => match editor.as_deref_mut() {
                        // Above the line being typed, which stays as it was.
                        Some(editor) => {
                            self.capture = Some(Vec::new());
                            let shown = self.show_notice(notice);
                            let text = self.capture.take().unwrap_or_default();
                            shown?;
                            editor.print(String::from_utf8_lossy(&text).into_owned());
                        }
                        // Printed on a line of its own, then the prompt again.
                        None => {
                            writeln!(self.out)?;
                            self.show_notice(notice)?;
                            self.prompt()?;
                        }
                    },
                }
            }
            std::io::Result::Ok(())
        };
        // The reader ends with the input (then `chat` ends too, its lines all read); the
        // chat ends with `quit` or the input's end; the AI plays until then.
        let reader = async move {
            reader.await;
            std::future::pending::<()>().await;
        };
        let result = tokio::select! {
            result = chat => result,
            () = reader => Ok(()),
            () = ai => Ok(()),
        };
        // A turn the AI was still thinking about is given back, so that the next start
        // (or another terminal) plays it at once.
        self.host.release_ai_claims().await;
        result
    }

    /// Asks for the next line: the editor's prompt (what Tab completes brought up to
    /// date first), else the written prompt.
    async fn ask(&mut self, editor: Option<&mut LineEditor>) -> std::io::Result<()> {
        let Some(editor) = editor else { return self.prompt() };
        self.out.flush()?;
        let candidates = self.candidates().await;
        editor.set_candidates(candidates);
        editor.prompt(&format!("{}> ", self.speaker.name));
        Ok(())
    }

    /// What Tab completes now: the command words, the terminal's own, the games here and
    /// the legal moves of the speaker's game (when one game here is theirs).
    async fn candidates(&self) -> Candidates {
        let mut words: Vec<String> = commands::Verb::all_words().map(str::to_string).collect();
        words.extend(["as", "als", "wait", "warte", "quit", "ende"].map(str::to_string));
        words.sort();
        words.dedup();
        let games = match self.host.db().open_games_in(PLATFORM, &self.settings.channel).await {
            Ok(rows) => rows.iter().map(|r| format!("#{}", r.id)).collect(),
            Err(_) => Vec::new(),
        };
        let mut moves = self.host.legal_moves(&self.origin(), None, "").await.unwrap_or_default();
        moves.truncate(MOST_COMPLETED_MOVES);
        Candidates { words, games, moves }
    }

    /// The prompt of an interactive session (`alice> `).
    fn prompt(&mut self) -> std::io::Result<()> {
        let name = self.speaker.name.clone();
        write!(self.sink(), "{name}> ")?;
        self.out.flush()
    }

    /// A script on standard input: each line answered, and the AI's moves due after it
    /// played, before the next line is read.
    async fn run_script(&mut self, mut input: impl AsyncBufRead + Unpin) -> std::io::Result<()> {
        let mut bytes = Vec::new();
        loop {
            // Bytes, converted lossily: one line that is not UTF-8 must not end the session.
            bytes.clear();
            if input.read_until(b'\n', &mut bytes).await? == 0 {
                break;
            }
            if !self.line(&bytes, false).await? {
                break;
            }
        }
        Ok(())
    }

    /// Answers one typed line (`interactive`: the AI plays in the background, so the
    /// poll after the line leaves its turns alone). `false` when the line ends the
    /// session (`quit`).
    async fn line(&mut self, bytes: &[u8], interactive: bool) -> std::io::Result<bool> {
        let line = String::from_utf8_lossy(bytes);
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") {
            return Ok(true);
        }
        if !interactive {
            let name = self.speaker.name.clone();
            writeln!(self.sink(), "{name}> {line}")?;
        }
        if matches!(line, "quit" | "exit" | "ende") {
            return Ok(false);
        }
        // The terminal's own words, English or German: `as`/`als`, `wait`/`warte`/`warten`.
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        if matches!(word, "as" | "als") {
            self.switch(rest)?;
            return Ok(true);
        }
        // Another terminal on the database may have waited meanwhile.
        self.catch_up().await;
        if matches!(word, "wait" | "warte" | "warten") {
            self.wait(rest).await?;
        } else {
            let replies = self.host.handle(&self.origin(), line).await;
            for reply in replies {
                self.show(reply)?;
            }
        }
        self.poll(!interactive).await?;
        Ok(true)
    }

    /// Shows what fell due meanwhile in this channel (reminders, expired invitations,
    /// messages, and with `ai` the AI's moves) and closes the challenges whose time is up.
    async fn poll(&mut self, ai: bool) -> std::io::Result<()> {
        let (now, channel) = (self.host.now(), &self.settings.channel);
        let due = if ai {
            self.host.due_notices_in(now, PLATFORM, channel).await
        } else {
            self.host.due_notices_in_but_ai(now, PLATFORM, channel).await
        };
        for notice in due {
            self.show_notice(notice)?;
        }
        match self.host.close_due_challenges_in(PLATFORM, &self.settings.channel).await {
            Ok(closed) => {
                for c in closed {
                    for reply in c.replies {
                        self.show_notice(commands::Notice { platform: c.platform.clone(), channel: c.channel.clone(), reply })?;
                    }
                }
            }
            Err(e) => tracing::error!(error = %e, "closing the challenges whose time is up failed"),
        }
        self.out.flush()
    }

    /// Sets the clock to the offset stored in the database (the waits of earlier runs
    /// and of other terminals on it).
    async fn catch_up(&self) {
        let Some(clock) = &self.settings.clock else { return };
        match self.host.db().terminal_offset().await {
            Ok(offset) => clock.catch_up(offset),
            Err(e) => tracing::warn!(error = %e, "the terminal's clock could not be read"),
        }
    }

    /// `wait <time>`: moves the clock forward (e.g. `wait 36h`, `wait 2d`), and the
    /// offset stored in the database with it, so a restart keeps the time.
    async fn wait(&mut self, time: &str) -> std::io::Result<()> {
        let key = match (&self.settings.clock, commands::base::time::parse_duration(time)) {
            (Some(clock), Some(ms)) => {
                match self.host.db().add_terminal_offset(ms).await {
                    Ok(offset) => clock.catch_up(offset),
                    Err(e) => {
                        tracing::warn!(error = %e, "the terminal's clock could not be stored");
                        clock.advance(ms);
                    }
                }
                let time = commands::base::time::format_duration(self.host.texts(), self.settings.lang, ms);
                Msg::new("local-waited").arg("time", time)
            }
            (None, _) => Msg::new("local-wait-unavailable"),
            (Some(_), None) => Msg::new("local-bad-wait").arg("text", time.trim()),
        };
        let text = self.say(key);
        writeln!(self.sink(), "{text}")
    }

    /// A notice of the scheduler, when it is for the terminal.
    fn show_notice(&mut self, notice: Notice) -> std::io::Result<()> {
        if notice.platform != PLATFORM {
            return Ok(());
        }
        // Private notices, and pictures for this channel (a closed challenge's boards),
        // are shown like replies (their files written).
        if notice.reply.audience != Audience::Channel
            || (notice.reply.file.is_some() && notice.channel == self.settings.channel)
        {
            return self.show(notice.reply);
        }
        let body = notice.reply.text_with_link().plain().replace('\n', "\n    ");
        writeln!(self.sink(), "[{}] {body}", notice.channel)
    }

    fn switch(&mut self, name: &str) -> std::io::Result<()> {
        if name.trim().is_empty() {
            let text = self.say(Msg::new("local-speaking-as-who").arg("user", self.speaker.name.clone()));
            return writeln!(self.sink(), "{text}");
        }
        // The name as it will be shown (invisible characters removed, NFKC): a name that
        // is empty then, or reserved, or looks like the AI's (issue 38), is refused.
        let shown = commands::base::names::normalise(name);
        if shown.is_empty() {
            let text = self.say(Msg::new("local-empty-name"));
            return writeln!(self.sink(), "{text}");
        }
        if commands::base::ai_seat::reserved_name(&shown) || commands::base::names::passes_for_the_bot(&shown) {
            let text = self.say(Msg::new("local-reserved-name").arg("user", shown));
            return writeln!(self.sink(), "{text}");
        }
        self.speaker = user(name);
        let text = self.say(Msg::new("local-speaking-as").arg("user", self.speaker.name.clone()));
        writeln!(self.sink(), "{text}")?;
        for reply in self.pending.remove(&self.speaker.id).unwrap_or_default() {
            self.show(reply)?;
        }
        Ok(())
    }

    fn show(&mut self, reply: Reply) -> std::io::Result<()> {
        let label = match &reply.audience {
            Audience::Channel => format!("[{}]", self.settings.channel),
            Audience::User(owner) if *owner == self.speaker.id => {
                self.say(Msg::new("local-private-label").arg("user", self.speaker.name.clone()))
            }
            Audience::User(owner) => {
                let text = self.say(Msg::new("local-private-for").arg("user", owner.clone()));
                writeln!(self.sink(), "{text}")?;
                self.pending.entry(owner.clone()).or_default().push(reply);
                return Ok(());
            }
        };
        let body = reply.text_with_link().plain().replace('\n', "\n    ");
        writeln!(self.sink(), "{label} {body}")?;
        if let Some(file) = &reply.file {
            // A picture that cannot be written (a full disk) is said, not fatal: the move
            // it shows is stored, and the chat goes on.
            let text = match write_file(&self.settings.boards, file) {
                Ok(path) => {
                    let key = if file.mime.starts_with("image/") { "local-picture" } else { "local-file" };
                    self.say(Msg::new(key).arg("path", path.display().to_string()))
                }
                Err(e) => self.say(Msg::new("local-file-failed").arg("dir", self.settings.boards.display().to_string()).arg("error", e.to_string())),
            };
            writeln!(self.sink(), "    {text}")?;
        }
        Ok(())
    }
}

fn write_file(dir: &Path, file: &Attachment) -> std::io::Result<PathBuf> {
    let name: String =
        file.name.chars().map(|c| if c.is_ascii_alphanumeric() || "-_.".contains(c) { c } else { '_' }).collect();
    let path = dir.join(name);
    std::fs::write(&path, &file.bytes)?;
    Ok(path)
}

/// Runs the terminal chat on standard input and output.
///
/// # Errors
/// An I/O error.
pub async fn run_stdio(host: &Host, settings: Settings) -> std::io::Result<()> {
    let interactive = std::io::stdin().is_terminal();
    // At a keyboard, the line editor; should it not start (a terminal it cannot
    // drive), lines are read plainly.
    if interactive && std::io::stdout().is_terminal() {
        match LineEditor::start(settings.history.clone()) {
            Ok((editor, lines)) => return Terminal::new(host, settings, std::io::stdout()).run_edited(editor, lines).await,
            Err(e) => tracing::warn!(error = %e, "the line editor could not start; lines are read plainly"),
        }
    }
    let input = tokio::io::BufReader::new(tokio::io::stdin());
    // Not locked for the whole session: the session is a task that may move between the
    // runtime's workers ([`crate`]'s `run_async`).
    let mut terminal = Terminal::new(host, settings, std::io::stdout());
    terminal.run(input, interactive).await
}
