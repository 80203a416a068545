package dev.fairbench.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Folders and password files prepared by someone else are refused, never used. */
class SafePathsTest {
    @TempDir
    Path tmp;

    @Test
    void aNewFolderPassesAndIsCreatedWithoutGroupOrOtherWrite() {
        Path dir = tmp.resolve("a/b");
        SafePaths.ensureOwnedFolder(dir);
        assertThat(dir).isDirectory();
        SafePaths.ensureOwnedFolder(dir);
    }

    @Test
    void aSymbolicLinkOrAWorldWritableFolderIsRefused() throws Exception {
        Path target = Files.createDirectory(tmp.resolve("target"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), target);
        assertThatThrownBy(() -> SafePaths.ensureOwnedFolder(link)).isInstanceOf(ServiceException.class)
                .hasMessageContaining("symbolic link");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertThatThrownBy(() -> SafePaths.ensureOwnedFolder(target)).hasMessageContaining("writable by others");
    }

    @Test
    void aFolderOfAnotherUserIsRefusedWhenRoot() throws Exception {
        if (!ServiceUser.isRoot()) return;
        Path foreign = Files.createDirectory(tmp.resolve("foreign"));
        UserPrincipal nobody = foreign.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        Files.setOwner(foreign, nobody);
        assertThatThrownBy(() -> SafePaths.ensureOwnedFolder(foreign))
                .isInstanceOf(ServiceException.class).hasMessageContaining("belongs to nobody");
        assertThatThrownBy(() -> ServiceLock.acquire(foreign).close()).isInstanceOf(ServiceException.class)
                .hasMessageContaining("belongs to nobody");
        assertThat(foreign.resolve("services.lock")).as("nothing written into it").doesNotExist();
    }

    @Test
    void aPasswordFileReadableByOthersOrLinkedIsRefused() throws Exception {
        Path file = tmp.resolve("x.password");
        Secrets.write(file, Secrets.newPassword());
        assertThat(Secrets.read(file)).hasSize(64);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        assertThatThrownBy(() -> Secrets.read(file)).hasMessageContaining("mode");
        Path link = Files.createSymbolicLink(tmp.resolve("y.password"), file);
        assertThatThrownBy(() -> Secrets.read(link)).hasMessageContaining("not a regular file");
        Secrets.write(link, "replaced-not-followed");
        assertThat(Files.isSymbolicLink(link)).isFalse();
        assertThat(Files.getPosixFilePermissions(file)).hasSize(4);
    }
}
