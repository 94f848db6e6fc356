//! What koth remembers between runs of a sandbox check that passed: starting bubblewrap
//! once to see that it can make a sandbox here costs a few milliseconds, as much as a short
//! match's own sandboxing, and its answer seldom changes.
//!
//! A check that passed is written down, with a key naming everything its answer hangs on:
//! bubblewrap's file (device, inode, size, times, mode, owner), the boot (the kernel, its
//! modules and its settings are a boot's), the user koth runs as and its capabilities,
//! seccomp and no-new-privileges state, its user, mount and PID namespaces, and the settings
//! that allow or refuse user namespaces (`user.max_user_namespaces`,
//! `kernel.unprivileged_userns_clone`, `kernel.apparmor_restrict_unprivileged_userns`). A run
//! whose key is the one written down skips the check; any difference checks again. A failed
//! check is never remembered: its message is made fresh each time.
//!
//! The note is a file of koth's in the temporary folder (`$TMPDIR`, else `/tmp`, beside the
//! run folders): `koth-sandbox-UID.ok`, for the user id koth runs as. It is believed only if it
//! is a regular file (not a link) of that user that nobody else may write. A remembered check
//! can only skip a check: a sandbox that then fails to start fails the bot with bubblewrap's
//! own message (and makes the next run check again, see [`forget`]); it never runs a bot with
//! less confinement than asked.

use std::fs;
use std::io::{Read, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// The first line of every key: a new way of checking (other options) is a new key.
const VERSION: &str = "koth sandbox check 1";

/// The most bytes a note may hold (keys are a few hundred).
const MAX_NOTE: u64 = 16 * 1024;

/// The key of a check of `bwrap` run with `options` (as root or not), or `None` where the
/// boot cannot be told apart (no `/proc`): then nothing is remembered.
pub(crate) fn key(bwrap: &Path, options: &str, as_root: bool) -> Option<String> {
    let file = fs::metadata(bwrap).ok()?;
    let boot = fs::read_to_string("/proc/sys/kernel/random/boot_id").ok()?;
    let mut key = format!(
        "{VERSION}\noptions {options}\nbwrap {} {} {} {} {}.{} {}.{} {:o} {}\nboot {}\nroot {as_root}\n",
        bwrap.display(),
        file.dev(),
        file.ino(),
        file.size(),
        file.mtime(),
        file.mtime_nsec(),
        file.ctime(),
        file.ctime_nsec(),
        file.mode(),
        file.uid(),
        boot.trim(),
    );
    for ns in ["user", "mnt", "pid"] {
        let link = fs::read_link(format!("/proc/self/ns/{ns}")).unwrap_or_default();
        key.push_str(&format!("ns {}\n", link.display()));
    }
    for setting in [
        "user/max_user_namespaces",
        "kernel/unprivileged_userns_clone",
        "kernel/apparmor_restrict_unprivileged_userns",
    ] {
        let value = fs::read_to_string(format!("/proc/sys/{setting}")).unwrap_or_default();
        key.push_str(&format!("sysctl {setting} {}\n", value.trim()));
    }
    let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
    for line in status.lines().filter(|l| {
        ["Uid:", "Gid:", "Cap", "NoNewPrivs:", "Seccomp"]
            .iter()
            .any(|p| l.starts_with(p))
    }) {
        key.push_str(&line.split_whitespace().collect::<Vec<_>>().join(" "));
        key.push('\n');
    }
    Some(key)
}

/// The note of this user's checks in the temporary folder.
fn note() -> PathBuf {
    note_in(&std::env::temp_dir())
}

fn note_in(dir: &Path) -> PathBuf {
    dir.join(format!("koth-sandbox-{}.ok", nix::unistd::geteuid()))
}

/// Whether a check with this `key` passed before (see the [module docs](self)).
pub(crate) fn passed(key: &str) -> bool {
    passed_in(&note(), key)
}

fn passed_in(note: &Path, key: &str) -> bool {
    let Ok(mut file) = fs::OpenOptions::new()
        .read(true)
        .custom_flags(nix::libc::O_NOFOLLOW | nix::libc::O_NONBLOCK)
        .open(note)
    else {
        return false;
    };
    let trusted = file.metadata().is_ok_and(|m| {
        m.is_file()
            && m.uid() == nix::unistd::geteuid().as_raw()
            && m.mode() & 0o022 == 0
            && m.len() <= MAX_NOTE
    });
    let mut text = String::new();
    trusted
        && Read::by_ref(&mut file)
            .take(MAX_NOTE)
            .read_to_string(&mut text)
            .is_ok()
        && text == key
}

/// Writes down that the check with this `key` passed (best effort: a note that cannot be
/// written only means the next run checks again).
pub(crate) fn remember(key: &str) {
    remember_in(&note(), key);
}

fn remember_in(note: &Path, key: &str) {
    let partial = note.with_extension(format!("{}.partial", std::process::id()));
    let written = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .custom_flags(nix::libc::O_NOFOLLOW)
        .open(&partial)
        .and_then(|mut f| f.write_all(key.as_bytes()))
        .and_then(|()| fs::rename(&partial, note));
    if written.is_err() {
        let _ = fs::remove_file(&partial);
    }
}

/// Forgets every check that passed, so that the next run checks again: for a sandbox that
/// failed to start although a check passed.
pub fn forget() {
    let note = note();
    // Only a note of this user's is removed (the folder may be shared).
    let own = fs::symlink_metadata(&note)
        .is_ok_and(|m| m.is_file() && m.uid() == nix::unistd::geteuid().as_raw());
    if own {
        let _ = fs::remove_file(note);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn bwrap_like(dir: &Path) -> PathBuf {
        let file = dir.join("bwrap");
        fs::write(&file, "#!/bin/sh\n").unwrap();
        file
    }

    #[test]
    fn a_passed_check_is_remembered_under_its_key_only() {
        let dir = tempfile::tempdir().unwrap();
        let note = note_in(dir.path());
        let bwrap = bwrap_like(dir.path());
        let Some(key) = key(&bwrap, "--unshare-all", false) else {
            eprintln!("skipped: no /proc");
            return;
        };
        assert!(!passed_in(&note, &key), "nothing written yet");
        remember_in(&note, &key);
        assert!(passed_in(&note, &key));
        assert_eq!(fs::metadata(&note).unwrap().mode() & 0o777, 0o600);
        // Other options, the other user mode, or another bubblewrap: another key.
        for other in [
            super::key(&bwrap, "--unshare-user", false),
            super::key(&bwrap, "--unshare-all", true),
        ] {
            let other = other.unwrap();
            assert_ne!(other, key);
            assert!(!passed_in(&note, &other));
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        fs::write(&bwrap, "#!/bin/sh\nexit 0\n").unwrap();
        let replaced = super::key(&bwrap, "--unshare-all", false).unwrap();
        assert_ne!(replaced, key, "a changed bwrap is checked again");
        assert!(!passed_in(&note, &replaced));
    }

    #[test]
    fn a_note_others_could_write_or_a_link_is_not_believed() {
        let dir = tempfile::tempdir().unwrap();
        let note = note_in(dir.path());
        let key = "koth sandbox check 1\nwhatever\n";
        remember_in(&note, key);
        assert!(passed_in(&note, key));
        fs::set_permissions(&note, fs::Permissions::from_mode(0o622)).unwrap();
        assert!(!passed_in(&note, key), "writable by others");
        fs::set_permissions(&note, fs::Permissions::from_mode(0o600)).unwrap();
        let real = dir.path().join("real");
        fs::rename(&note, &real).unwrap();
        std::os::unix::fs::symlink(&real, &note).unwrap();
        assert!(!passed_in(&note, key), "a link");
        fs::remove_file(&note).unwrap();
        fs::create_dir(&note).unwrap();
        assert!(!passed_in(&note, key), "a folder");
        fs::remove_dir(&note).unwrap();
        if nix::unistd::geteuid().is_root() {
            remember_in(&note, key);
            std::os::unix::fs::chown(&note, Some(1_499_999_000), None).unwrap();
            assert!(!passed_in(&note, key), "another user's");
        }
    }
}
