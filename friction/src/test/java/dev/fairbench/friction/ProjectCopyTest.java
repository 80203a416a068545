package dev.fairbench.friction;

import dev.fairbench.runner.proc.Commands;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The copy holds what git does not ignore, as it is in the work tree, and nothing built. */
class ProjectCopyTest {
    @TempDir
    Path dir;

    private void git(Path repo, String... args) {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", repo.toString(), "-c", "user.name=t",
                "-c", "user.email=t@example.org"));
        command.addAll(List.of(args));
        assertThat(Commands.run(command, Duration.ofSeconds(30)).ok()).as(String.join(" ", args)).isTrue();
    }

    @Test
    void copiesTrackedAndNewFilesButNotIgnoredOrDeletedOnes() throws Exception {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        git(repo, "init", "-q");
        Files.writeString(repo.resolve(".gitignore"), "target/\n*.bin\n");
        Files.createDirectories(repo.resolve("src"));
        Files.writeString(repo.resolve("src/main.c"), "int main(void) { return 0; }\n");
        Files.writeString(repo.resolve("build.sh"), "#!/bin/sh\ncc src/main.c\n");
        Files.setPosixFilePermissions(repo.resolve("build.sh"), Set.of(PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE));
        Files.writeString(repo.resolve("gone.c"), "int gone;\n");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "fixture");
        Files.writeString(repo.resolve("src/main.c"), "int main(void) { return 1; }\n"); // changed, not committed
        Files.writeString(repo.resolve("new.c"), "int fresh;\n"); // new, not added
        Files.delete(repo.resolve("gone.c"));
        Files.createDirectories(repo.resolve("target"));
        Files.writeString(repo.resolve("target/app"), "built\n");
        Files.writeString(repo.resolve("data.bin"), "ignored\n");

        try (ProjectCopy copy = ProjectCopy.of(repo, dir.resolve("work/copy"))) {
            Path root = copy.root();
            assertThat(copy.files()).isEqualTo(4);
            assertThat(root.resolve(".gitignore")).exists();
            assertThat(root.resolve("src/main.c")).hasContent("int main(void) { return 1; }");
            assertThat(root.resolve("new.c")).exists();
            assertThat(root.resolve("gone.c")).doesNotExist();
            assertThat(root.resolve("target")).doesNotExist();
            assertThat(root.resolve("data.bin")).doesNotExist();
            assertThat(root.resolve(".git")).doesNotExist();
            assertThat(Files.isExecutable(root.resolve("build.sh"))).isTrue();
            Files.createDirectories(root.resolve("target/release"));
            Files.writeString(root.resolve("target/release/app"), "built in the copy\n");
        }
        assertThat(dir.resolve("work/copy")).doesNotExist();
        assertThat(repo.resolve("target/app")).exists();
    }

    @Test
    void aFolderThatIsNoWorkTreeIsRefused() {
        assertThatThrownBy(() -> ProjectCopy.of(dir, dir.resolve("copy"))).hasMessageContaining("git ls-files");
    }
}
