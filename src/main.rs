fn main() {
    std::process::exit(boardsh::cli::run());
}
