package dev.fairbench.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FairbenchHomeTest {
    @Test
    void theParentPomMarksTheRootAndAModulePomDoesNot(@TempDir Path root) throws Exception {
        Files.writeString(root.resolve("pom.xml"),
                "<project><artifactId>fairbench-parent</artifactId><modules><module>workload</module></modules></project>");
        Files.createDirectories(root.resolve("workload"));
        Files.writeString(root.resolve("workload/pom.xml"), "<project/>");
        Path module = Files.createDirectories(root.resolve("apps/spring"));
        Files.writeString(module.resolve("pom.xml"),
                "<project><parent><artifactId>fairbench-parent</artifactId></parent></project>");

        assertThat(FairbenchHome.isRepoRoot(root)).isTrue();
        assertThat(FairbenchHome.isRepoRoot(module)).isFalse();
    }

    @Test
    void testsRunFromTheModuleFolderFindTheRepositoryRoot() {
        Path root = FairbenchHome.root();
        assertThat(root.resolve("services/pom.xml")).exists();
        assertThat(FairbenchHome.dataDir()).isEqualTo(root.resolve(".fairbench"));
    }
}
