//! `koth`'s own folders. Each `koth` process has one run folder ([`run_base`]: `$TMPDIR` if
//! set, else the memory file system `/dev/shm`, else `/tmp`), created on first use as
//! `koth-run-<pid>-<n>` with mode 0700 and removed when `koth` ends. In it every external program of every match gets a
//! private working folder ([`BotFolder`]): a copy of the bot's folder (`--workdir`), kept for
//! all the calls of that match and removed when the match ends. So what a bot writes stays
//! in its own folder of its own match: parallel matches never share a file, and the
//! organizer's folder is never written.
//!
//! A copy (not hard links, which a bot writing in place would write through to the
//! original) of at most [`MAX_SEED_FILES`] entries and [`MAX_SEED_BYTES`] bytes; symbolic
//! links are copied as links and never followed, other special files are left out.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The most entries (files, folders, links) a bot's folder may hold.
pub const MAX_SEED_FILES: usize = 10_000;
/// The most bytes of files a bot's folder may hold.
pub const MAX_SEED_BYTES: u64 = 256 << 20;
/// The deepest folder nesting copied.
const MAX_DEPTH: usize = 32;

static RUN_DIR: Mutex<Option<PathBuf>> = Mutex::new(None);
static NEXT: AtomicU64 = AtomicU64::new(1);

/// Where run folders are made: `$TMPDIR` if it is set; else `/dev/shm` where it is the usual
/// memory file system open to every user (sticky, world-writable), since every match copies
/// every bot's folder and removes it (on a disk file system each file costs a disk inode's
/// allocation: about 3 ms a match of two bots of a dozen files, measured on ext4); else
/// `/tmp`.
pub fn run_base() -> PathBuf {
    if std::env::var_os("TMPDIR").is_some_and(|v| !v.is_empty()) {
        return std::env::temp_dir();
    }
    let shm = Path::new("/dev/shm");
    if is_shared_memory(shm) {
        return shm.to_path_buf();
    }
    std::env::temp_dir()
}

/// Whether `dir` is a folder (not a link) on a memory file system (tmpfs), sticky and
/// writable by everyone.
fn is_shared_memory(dir: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let open = dir
        .symlink_metadata()
        .is_ok_and(|m| m.is_dir() && m.permissions().mode() & 0o1777 == 0o1777);
    open && nix::sys::statfs::statfs(dir)
        .is_ok_and(|fs| fs.filesystem_type() == nix::sys::statfs::TMPFS_MAGIC)
}

/// The run folder, created on first use.
pub fn run_dir() -> io::Result<PathBuf> {
    let mut guard = RUN_DIR.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(dir) = guard.as_ref() {
        return Ok(dir.clone());
    }
    let base = run_base();
    let salt = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    for attempt in 0..100u32 {
        let dir = base.join(format!(
            "koth-run-{}-{}",
            std::process::id(),
            salt.wrapping_add(attempt)
        ));
        match private_dir(&dir) {
            Ok(()) => {
                *guard = Some(dir.clone());
                return Ok(dir);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                return Err(io::Error::new(
                    e.kind(),
                    format!("cannot create koth's run folder {}: {e}", dir.display()),
                ));
            }
        }
    }
    Err(io::Error::other("cannot create koth's run folder"))
}

/// Removes the run folder and everything in it (at the end of `koth`).
pub fn remove_run_dir() {
    let taken = RUN_DIR.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(dir) = taken {
        remove_tree(&dir);
    }
}

/// Lets other users pass through the run folder (mode 0711: not list it), for the bots'
/// users when koth runs as root (see [`crate::sandbox`]); each bot's folder stays its own.
fn open_run_dir() -> io::Result<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let dir = run_dir()?;
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o711))?;
    Ok(dir)
}

/// Hands `folder` (a bot's private folder, in the run folder) and all in it to the user and
/// group `id`, without following links.
pub fn hand_over(folder: &Path, id: u32) -> io::Result<()> {
    open_run_dir()?;
    chown_tree(folder, id, 0)
}

fn chown_tree(path: &Path, id: u32, depth: usize) -> io::Result<()> {
    std::os::unix::fs::lchown(path, Some(id), Some(id))?;
    if depth <= MAX_DEPTH && path.symlink_metadata()?.is_dir() {
        for entry in fs::read_dir(path)? {
            chown_tree(&entry?.path(), id, depth + 1)?;
        }
    }
    Ok(())
}

/// A copy of the program `file`, readable and runnable by every user, in the run folder as
/// `name` (made once per run).
pub fn shared_copy(file: &Path, name: &str) -> io::Result<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let copy = open_run_dir()?.join(name);
    if !copy.exists() {
        let partial = copy.with_extension("partial");
        fs::copy(file, &partial)?;
        fs::set_permissions(&partial, fs::Permissions::from_mode(0o755))?;
        fs::rename(&partial, &copy)?;
    }
    Ok(copy)
}

/// Creates `dir` (not its parents) with mode 0700; fails if anything exists there.
fn private_dir(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    fs::DirBuilder::new().mode(0o700).create(dir)
}

/// Removes a tree without following links, whatever a bot did to it (see [`remove_deep`]);
/// warns naming what stays, if anything does.
fn remove_tree(dir: &Path) {
    if fs::remove_dir_all(dir).is_ok() {
        return;
    }
    let removed = remove_deep(dir)
        .map_err(io::Error::from)
        .and_then(|()| fs::remove_dir(dir));
    match removed {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => eprintln!("koth: warning: cannot remove {}: {e}", dir.display()),
    }
}

/// The most steps (a folder entered or left, a batch of files removed) [`remove_deep`] takes.
const MAX_REMOVAL_STEPS: usize = 50_000_000;

/// Empties the folder `root` holding one descriptor at a time, whatever its depth (a chain
/// of nested folders deeper than the open-files limit, or longer than a path may be): down
/// into the first folder found, files removed on the way, back up through `..` to remove
/// the emptied folder. Links are removed, never followed; folders a bot made unwritable
/// are made writable first. For trees no process writes any more.
fn remove_deep(root: &Path) -> nix::Result<()> {
    use nix::dir::{Dir, Type};
    use nix::fcntl::{AtFlags, OFlag};
    use nix::sys::stat::{Mode, SFlag, fchmod, fstatat};
    use nix::unistd::{UnlinkatFlags, unlinkat};
    let flags = OFlag::O_RDONLY | OFlag::O_DIRECTORY | OFlag::O_NOFOLLOW | OFlag::O_CLOEXEC;
    let mut dir = Dir::open(root, flags, Mode::empty())?;
    // The names from `root` down to `dir`.
    let mut path: Vec<std::ffi::CString> = Vec::new();
    for _ in 0..MAX_REMOVAL_STEPS {
        let _ = fchmod(&dir, Mode::S_IRWXU);
        // A batch of entries; the listing starts over after each change.
        let mut batch = Vec::new();
        for entry in dir.iter() {
            let entry = entry?;
            let name = entry.file_name();
            if name == c"." || name == c".." {
                continue;
            }
            let is_dir = entry.file_type().map(|t| t == Type::Directory);
            batch.push((name.to_owned(), is_dir));
            if batch.len() == 256 {
                break;
            }
        }
        let mut files = Vec::new();
        let mut subfolder = None;
        for (name, is_dir) in batch {
            let is_dir = is_dir.unwrap_or_else(|| {
                fstatat(&dir, name.as_c_str(), AtFlags::AT_SYMLINK_NOFOLLOW).is_ok_and(|st| {
                    SFlag::from_bits_truncate(st.st_mode) & SFlag::S_IFMT == SFlag::S_IFDIR
                })
            });
            if is_dir {
                subfolder = Some(name);
                break;
            }
            files.push(name);
        }
        if let Some(name) = subfolder {
            dir = Dir::openat(&dir, name.as_c_str(), flags, Mode::empty())?;
            path.push(name);
        } else if !files.is_empty() {
            for name in &files {
                unlinkat(&dir, name.as_c_str(), UnlinkatFlags::NoRemoveDir)?;
            }
        } else {
            // Empty: up one level, and remove it there.
            let Some(name) = path.pop() else {
                return Ok(());
            };
            dir = Dir::openat(&dir, c"..", flags, Mode::empty())?;
            unlinkat(&dir, name.as_c_str(), UnlinkatFlags::RemoveDir)?;
        }
    }
    Err(nix::errno::Errno::ELOOP)
}

/// Removes the run folders of koth processes that no longer run (killed by `SIGKILL`, or
/// by a power cut): `koth-run-PID-*` in [`run_base`] (and in the temporary folder, where
/// earlier versions made them), owned by koth's user, whose PID is no process's. Called as
/// koth starts to run bots.
pub fn remove_stale_run_dirs() {
    use std::os::unix::fs::MetadataExt;
    let me = nix::unistd::geteuid().as_raw();
    let mut bases = vec![run_base()];
    if bases[0] != std::env::temp_dir() {
        bases.push(std::env::temp_dir());
    }
    let entries = bases
        .iter()
        .filter_map(|base| fs::read_dir(base).ok())
        .flatten();
    for entry in entries.flatten() {
        if !super::left_by_gone_koth(&entry.file_name(), "koth-run-") {
            continue;
        }
        let path = entry.path();
        if path
            .symlink_metadata()
            .is_ok_and(|m| m.is_dir() && m.uid() == me)
        {
            remove_tree(&path);
        }
    }
}

/// Checks that `seed` is a folder within the copy limits.
pub fn check_seed(seed: &Path) -> Result<(), String> {
    let mut size = Size::default();
    size.walk(seed, 0);
    if size.count > MAX_SEED_FILES || size.bytes > MAX_SEED_BYTES {
        return Err(format!(
            "the bot's folder {} is too big to copy for every match ({} entries, {} MiB; \
             at most {MAX_SEED_FILES} entries and {} MiB): pass --workdir with a folder that \
             holds just the bot",
            seed.display(),
            size.count,
            size.bytes >> 20,
            MAX_SEED_BYTES >> 20
        ));
    }
    if let Some((path, e)) = size.unreadable {
        return Err(format!(
            "the bot's folder {} cannot be read whole to copy it for every match ({}: {e}): \
             pass --workdir with a folder that holds just the bot",
            seed.display(),
            path.display()
        ));
    }
    Ok(())
}

/// What [`check_seed`] counts of a folder: its entries and bytes (until past the caps), and
/// the first place that could not be read.
#[derive(Default)]
struct Size {
    count: usize,
    bytes: u64,
    unreadable: Option<(std::path::PathBuf, io::Error)>,
}

impl Size {
    /// Counts `dir`, `depth` levels below the folder, going on past what cannot be read (a
    /// folder too big to copy is too big, whatever else it holds).
    fn walk(&mut self, dir: &Path, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        let entries = match fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(e) => return self.unreadable(dir, e),
        };
        for entry in entries {
            if self.count > MAX_SEED_FILES || self.bytes > MAX_SEED_BYTES {
                return;
            }
            let path = match entry {
                Ok(entry) => entry.path(),
                Err(e) => return self.unreadable(dir, e),
            };
            self.count += 1;
            match path.symlink_metadata() {
                Ok(meta) if meta.is_dir() => self.walk(&path, depth + 1),
                Ok(meta) if meta.is_file() => self.bytes += meta.len(),
                Ok(_) => {}
                Err(e) => self.unreadable(&path, e),
            }
        }
    }

    fn unreadable(&mut self, path: &Path, e: io::Error) {
        self.unreadable.get_or_insert((path.to_path_buf(), e));
    }
}

/// Copies the folder `seed` into the existing folder `to` as a bot's folder is copied (links
/// as links, no special files, at most 32 levels deep).
pub fn copy_seed(seed: &Path, to: &Path) -> io::Result<()> {
    copy_tree(seed, to, 0)
}

fn copy_tree(from: &Path, to: &Path, depth: usize) -> io::Result<()> {
    if depth > MAX_DEPTH {
        return Ok(());
    }
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let (src, dst) = (entry.path(), to.join(entry.file_name()));
        // The directory entry's own type: no `stat` per file.
        let kind = entry.file_type()?;
        if kind.is_dir() {
            fs::create_dir(&dst)?;
            copy_tree(&src, &dst, depth + 1)?;
            fs::set_permissions(&dst, src.symlink_metadata()?.permissions())?;
        } else if kind.is_symlink() {
            std::os::unix::fs::symlink(fs::read_link(&src)?, &dst)?;
        } else if kind.is_file() {
            copy_file(&src, &dst)?;
        }
    }
    Ok(())
}

/// Copies the regular file `src` to the new file `dst` with the same permissions: seven
/// system calls (two opens, a `stat`, a `chmod`, one `sendfile` for a file of up to 1 GiB,
/// two closes) where `fs::copy` makes eleven; every bot's folder is copied at every match.
/// A link put in `src`'s place meanwhile is not followed; a file growing meanwhile is copied
/// up to the size it had when opened.
#[allow(unsafe_code)]
fn copy_file(src: &Path, dst: &Path) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    let from = fs::OpenOptions::new()
        .read(true)
        .custom_flags(nix::libc::O_NOFOLLOW)
        .open(src)?;
    let meta = from.metadata()?;
    let to = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(meta.mode() & 0o777)
        .open(dst)?;
    // The exact permissions, whatever the umask took from the mode above.
    to.set_permissions(meta.permissions())?;
    let mut left = meta.len();
    while left > 0 {
        let chunk = left.min(1 << 30) as usize;
        // SAFETY: sendfile(2) between two descriptors this function owns, from the source's
        // own offset (null), with a byte count.
        let sent = unsafe {
            nix::libc::sendfile(
                to.as_raw_fd(),
                from.as_raw_fd(),
                std::ptr::null_mut(),
                chunk,
            )
        };
        match sent {
            0 => break,
            n if n > 0 => left -= n as u64,
            _ => {
                let e = io::Error::last_os_error();
                if e.kind() == io::ErrorKind::Interrupted {
                    continue;
                }
                if left == meta.len() && e.raw_os_error() == Some(nix::libc::EINVAL) {
                    // A file system without sendfile: the general copy.
                    return io::copy(&mut &from, &mut &to).map(drop);
                }
                return Err(e);
            }
        }
    }
    Ok(())
}

/// A bot's private working folder for one match; removed when dropped.
#[derive(Debug)]
pub struct BotFolder {
    path: PathBuf,
}

impl BotFolder {
    /// Creates the folder in the run folder, named after `label` (a checked bot name and its
    /// seat), and copies `seed` into it.
    pub fn create(seed: &Path, label: &str) -> io::Result<BotFolder> {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = run_dir()?.join(format!("{n}-{label}"));
        private_dir(&path)?;
        let folder = BotFolder { path };
        copy_tree(seed, &folder.path, 0).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("cannot copy {} for the bot: {e}", seed.display()),
            )
        })?;
        Ok(folder)
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Makes `name` (a checked bot name plus a suffix: never a path) an empty regular file
    /// in the folder: whatever had that name (a file, a link) is removed first, and the new
    /// file is created exclusively, so nothing outside the folder is touched.
    pub fn fresh_file(&self, name: &str) -> io::Result<PathBuf> {
        if name.contains('/') || name.starts_with('.') {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{name:?} is not a plain file name"),
            ));
        }
        let file = self.path.join(name);
        match file.symlink_metadata() {
            Ok(meta) if meta.is_dir() => fs::remove_dir_all(&file)?,
            Ok(_) => fs::remove_file(&file)?,
            Err(_) => {}
        }
        fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&file)?;
        Ok(file)
    }
}

impl Drop for BotFolder {
    fn drop(&mut self) {
        remove_tree(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_folders_go_to_shared_memory_only_where_it_is_open_to_all() {
        // A private folder, and a link to shared memory, are not shared memory.
        let dir = tempfile::tempdir().unwrap();
        assert!(!is_shared_memory(dir.path()));
        let link = dir.path().join("shm");
        std::os::unix::fs::symlink("/dev/shm", &link).unwrap();
        assert!(!is_shared_memory(&link));
        assert!(!is_shared_memory(Path::new("/nonexistent/shm")));
        let shm = Path::new("/dev/shm");
        let tmpfs = nix::sys::statfs::statfs(shm)
            .is_ok_and(|fs| fs.filesystem_type() == nix::sys::statfs::TMPFS_MAGIC);
        assert_eq!(is_shared_memory(shm), tmpfs, "/dev/shm");
    }

    #[test]
    fn a_folder_too_big_or_unreadable_is_named_so() {
        // The whole file system is more than a bot's folder, whatever in it cannot be read.
        let err = check_seed(Path::new("/")).unwrap_err();
        assert!(err.contains("too big"), "{err}");
        let gone = tempfile::tempdir().unwrap().path().join("gone");
        let err = check_seed(&gone).unwrap_err();
        assert!(err.contains("cannot be read whole"), "{err}");
        assert!(err.contains("--workdir"), "{err}");
        let small = tempfile::tempdir().unwrap();
        std::fs::write(small.path().join("bot.sh"), "echo W").unwrap();
        assert_eq!(check_seed(small.path()), Ok(()));
    }

    #[test]
    fn copies_without_touching_the_seed_and_is_removed() {
        let seed = tempfile::tempdir().unwrap();
        fs::write(seed.path().join("bot.txt"), "state").unwrap();
        fs::create_dir(seed.path().join("lib")).unwrap();
        fs::write(seed.path().join("lib/x.py"), "print(1)").unwrap();
        let outside = tempfile::tempdir().unwrap();
        let victim = outside.path().join("victim");
        fs::write(&victim, "keep me").unwrap();
        std::os::unix::fs::symlink(&victim, seed.path().join("me.txt")).unwrap();

        let folder = BotFolder::create(seed.path(), "0-me").unwrap();
        let path = folder.path().to_path_buf();
        assert!(path.starts_with(run_dir().unwrap()));
        assert_eq!(
            fs::read_to_string(path.join("lib/x.py")).unwrap(),
            "print(1)"
        );
        // The copy is a copy: writing it leaves the seed alone.
        fs::write(path.join("bot.txt"), "changed").unwrap();
        assert_eq!(
            fs::read_to_string(seed.path().join("bot.txt")).unwrap(),
            "state"
        );
        // A planted link is replaced, never written through.
        let state = folder.fresh_file("me.txt").unwrap();
        assert_eq!(fs::read(&state).unwrap(), b"");
        assert!(!state.symlink_metadata().unwrap().is_symlink());
        assert_eq!(fs::read_to_string(&victim).unwrap(), "keep me");
        assert!(folder.fresh_file("../x.txt").is_err());

        drop(folder);
        assert!(!path.exists());
        assert!(seed.path().join("me.txt").symlink_metadata().is_ok());
        let run = run_dir().unwrap();
        remove_run_dir();
        assert!(!run.exists());
    }

    #[test]
    fn oversized_seeds_are_refused() {
        let seed = tempfile::tempdir().unwrap();
        for i in 0..=MAX_SEED_FILES {
            fs::write(seed.path().join(i.to_string()), "").unwrap();
        }
        let err = check_seed(seed.path()).unwrap_err();
        assert!(err.contains("too big"), "{err}");
        assert!(check_seed(Path::new("/no/such/folder/koth")).is_err());
    }
}
