//! Lines read from a bot's (or a sandbox's) output pipe without a thread: [`LineReader`].

use std::fs::File;
use std::io::Read;
use std::os::fd::AsRawFd;

/// What a [`LineReader`] found next.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// A line (without its newline and a `\r` before it), as UTF-8 (lossy).
    Text(String),
    /// A line longer than the reader's cap: dropped, up to its newline.
    TooLong,
    /// The end of the output: nothing more comes.
    Eof,
}

/// A pipe (non-blocking) read on the calling thread and cut into lines, in place in one
/// buffer of a line's cap plus one read (what the other end writes cannot make it grow).
pub(crate) struct LineReader {
    pub(crate) file: File,
    /// The longest line kept, in bytes.
    cap: usize,
    /// Read bytes are `buf[start..end]`, not yet taken as lines.
    buf: Vec<u8>,
    start: usize,
    end: usize,
    /// Inside a line past the cap: the rest of it, up to its newline, is dropped.
    skipping: bool,
    /// The pipe reached its end.
    eof: bool,
    /// The end was reported: after it nothing more comes.
    ended: bool,
}

/// The most read from the output pipe at once.
const READ_CHUNK: usize = 64 * 1024;

impl LineReader {
    /// A reader of `file` keeping lines of at most `cap` bytes.
    pub(crate) fn new(file: File, cap: usize) -> LineReader {
        crate::process::set_nonblocking(file.as_raw_fd());
        LineReader {
            file,
            cap,
            buf: Vec::new(),
            start: 0,
            end: 0,
            skipping: false,
            eof: false,
            ended: false,
        }
    }

    /// Drops the first `n` read bytes.
    fn consume(&mut self, n: usize) {
        self.start += n;
        if self.start == self.end {
            (self.start, self.end) = (0, 0);
        }
    }

    /// The next line in what was read, if a whole one is there (or the end).
    pub(crate) fn next_line(&mut self) -> Option<Line> {
        loop {
            let read = &self.buf[self.start..self.end];
            let newline = read.iter().position(|&b| b == b'\n');
            if self.skipping {
                match newline {
                    Some(at) => {
                        self.consume(at + 1);
                        self.skipping = false;
                        continue;
                    }
                    None => self.consume(read.len()),
                }
            } else if let Some(at) = newline {
                if at > self.cap {
                    self.consume(at + 1);
                    return Some(Line::TooLong);
                }
                let line = read[..at].strip_suffix(b"\r").unwrap_or(&read[..at]);
                let text = String::from_utf8_lossy(line).into_owned();
                self.consume(at + 1);
                return Some(Line::Text(text));
            } else if read.len() > self.cap {
                self.consume(read.len());
                self.skipping = true;
                return Some(Line::TooLong);
            }
            if !self.eof || self.ended {
                return None;
            }
            if !self.skipping && self.end > self.start {
                // The last line, without a newline, at the end of the output.
                let text = String::from_utf8_lossy(&self.buf[self.start..self.end]).into_owned();
                self.consume(self.end - self.start);
                return Some(Line::Text(text));
            }
            self.ended = true;
            return Some(Line::Eof);
        }
    }

    /// Reads what the pipe holds now (one read at most); whether anything came (or the end).
    pub(crate) fn fill(&mut self) -> bool {
        if self.eof {
            return false;
        }
        if self.buf.is_empty() {
            self.buf = vec![0; self.cap + 1 + READ_CHUNK];
        }
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            (self.start, self.end) = (0, self.end - self.start);
        }
        // At most a line's cap and its newline are kept, so a read always has room.
        let room = self.end..self.buf.len().min(self.end + READ_CHUNK);
        let got = loop {
            match self.file.read(&mut self.buf[room.clone()]) {
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                other => break other,
            }
        };
        match got {
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => false,
            Ok(n) if n > 0 => {
                self.end += n;
                true
            }
            // The end of the output (or a pipe that cannot be read any more).
            _ => {
                self.eof = true;
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// Every line `bytes` makes for a reader with cap `cap`, up to the end.
    fn lines(bytes: &[u8], cap: usize) -> Vec<Line> {
        let (out, into) = nix::unistd::pipe().unwrap();
        let bytes = bytes.to_vec();
        let writer = std::thread::spawn(move || File::from(into).write_all(&bytes).unwrap());
        let mut reader = LineReader::new(File::from(out), cap);
        let mut found = Vec::new();
        while found.last() != Some(&Line::Eof) {
            match reader.next_line() {
                Some(line) => found.push(line),
                None => {
                    let mut fds = [nix::libc::pollfd {
                        fd: reader.file.as_raw_fd(),
                        events: nix::libc::POLLIN,
                        revents: 0,
                    }];
                    crate::process::poll(&mut fds, 1000);
                    reader.fill();
                }
            }
        }
        writer.join().unwrap();
        found
    }

    #[test]
    fn lines_are_cut_and_over_long_ones_dropped_whole() {
        let text = |s: &str| Line::Text(s.to_string());
        let long = "x".repeat(10);
        let input = format!("one\r\n{long}\nfits-8!!\n\nlast");
        assert_eq!(
            lines(input.as_bytes(), 8),
            [
                text("one"),
                Line::TooLong,
                text("fits-8!!"),
                text(""),
                text("last"),
                Line::Eof
            ]
        );
        // A flood far past the cap and past one read: one over-long line, then the rest.
        let flood = format!("{}\nafter\n", "y".repeat(200_000));
        assert_eq!(
            lines(flood.as_bytes(), 8),
            [Line::TooLong, text("after"), Line::Eof]
        );
    }
}
